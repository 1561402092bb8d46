import { findProvider, type ProviderDefinition } from './providers.ts';

/** What is sealed in `user_integrations.credentials_encrypted`: the provider and its fields. */
export interface StoredCredentials {
  provider: string;
  values: Record<string, unknown>;
}

export type CredentialsCheck =
  | { ok: true; provider: ProviderDefinition; values: Record<string, unknown> }
  | { ok: false; message: string; field?: string };

/** Checks a provider's fields with its zod schema; the first problem is the message. */
export function checkCredentials(providerId: string, values: Record<string, unknown>): CredentialsCheck {
  const provider = findProvider(providerId);
  if (!provider) return { ok: false, message: `Unknown provider '${providerId}'` };
  const parsed = provider.schema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
    const label = provider.fields.find((f) => f.name === field)?.label;
    const message = issue.code === 'invalid_type' && label ? `${label} is required` : issue.message;
    return { ok: false, message, ...(field ? { field } : {}) };
  }
  return { ok: true, provider, values: parsed.data };
}
