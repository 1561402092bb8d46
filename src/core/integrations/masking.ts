import type { ProviderDefinition } from './providers.ts';

/** What the browser sees of a secret: '••••' and its last 4 characters (never a short secret whole). */
export const MASK = '••••';

export function maskSecret(value: string): string {
  return value.length > 8 ? `${MASK}${value.slice(-4)}` : MASK;
}

export function isMasked(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(MASK);
}

/** The credentials with every secret field masked: the only form that leaves the server. */
export function maskedCredentials(
  provider: ProviderDefinition,
  credentials: Record<string, unknown>,
): Record<string, string> {
  const view: Record<string, string> = {};
  for (const field of provider.fields) {
    const value = credentials[field.name];
    if (value === undefined || value === null || value === '') continue;
    view[field.name] = field.secret ? maskSecret(String(value)) : String(value);
  }
  return view;
}

/**
 * An edit form sends secrets back masked (or empty) when the person did not retype them: those
 * keep the stored value; anything else replaces it.
 */
export function mergeCredentials(
  provider: ProviderDefinition,
  stored: Record<string, unknown>,
  submitted: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const field of provider.fields) {
    const value = submitted[field.name];
    const unchanged = field.secret && (value === undefined || value === '' || isMasked(value));
    merged[field.name] = unchanged ? stored[field.name] : value;
  }
  return merged;
}
