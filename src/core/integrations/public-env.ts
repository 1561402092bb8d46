/**
 * The variables a browser bundle may hold for a chat's enabled integrations (issue 16 item 4).
 * A preview is public, so only values meant for browsers appear here: the Supabase project URL
 * and anon key, the Stripe publishable key. Secrets (service-role key, database password, Stripe
 * secret key, SMTP password, S3 secret, Resend key) are never listed, whatever the provider.
 */

export type PublicEnvFramework = 'html' | 'react' | 'svelte' | 'vue' | 'angular';

/** Each framework's prefix for variables its bundler exposes to the browser; HTML has no bundler. */
export const PUBLIC_ENV_PREFIX: Record<PublicEnvFramework, string | null> = {
  html: null,
  react: 'VITE_',
  vue: 'VITE_',
  svelte: 'VITE_',
  angular: 'NG_APP_',
};

/** Per provider, the public fields and their unprefixed variable names. */
const PUBLIC_FIELDS: Record<string, Record<string, string>> = {
  supabase: { projectUrl: 'SUPABASE_URL', anonKey: 'SUPABASE_ANON_KEY' },
  stripe: { publishableKey: 'STRIPE_PUBLISHABLE_KEY' },
};

/** A provider's public variables for one framework (prefixed); empty for HTML or secret-only providers. */
export function publicEnv(
  framework: PublicEnvFramework,
  providerId: string,
  values: Record<string, unknown>,
): Record<string, string> {
  const prefix = PUBLIC_ENV_PREFIX[framework];
  const fields = PUBLIC_FIELDS[providerId];
  if (prefix === null || !fields) return {};
  const env: Record<string, string> = {};
  for (const [field, name] of Object.entries(fields)) {
    const value = values[field];
    if (typeof value === 'string' && value !== '') env[prefix + name] = value;
  }
  return env;
}

/** `.env.example` for a download: the names only, so that no value leaves with the zip. */
export function envExample(names: readonly string[]): string {
  const lines = [...new Set(names)].sort().map((name) => `${name}=`);
  return `# Set these to your own values (Kiln's integrations provide them in previews).\n${lines.join('\n')}\n`;
}
