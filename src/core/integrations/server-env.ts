/**
 * The server-side environment of a chat's enabled integrations (issue 22 item 4, decision 0054):
 * the variables an `api/` handler or a server-rendered project reads from `process.env`. The
 * names are the ones the system prompt tells the model to use (model-guidance.ts imports them
 * from here), so generated code and the runtime cannot drift apart. Values are secrets: the
 * runtime passes them to the server process at start, and they are never written to disk.
 */
import { parsePostgresConnectionString } from './postgres-connection.ts';
import { findProvider } from './providers.ts';

/** Every variable name, one constant each, for the guidance text, docs and `.env.example`. */
export const SERVER_ENV = {
  databaseUrl: 'DATABASE_URL',
  supabaseUrl: 'SUPABASE_URL',
  supabaseAnonKey: 'SUPABASE_ANON_KEY',
  supabaseServiceRoleKey: 'SUPABASE_SERVICE_ROLE_KEY',
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripePublishableKey: 'STRIPE_PUBLISHABLE_KEY',
  smtpHost: 'SMTP_HOST',
  smtpPort: 'SMTP_PORT',
  smtpUser: 'SMTP_USER',
  smtpPassword: 'SMTP_PASSWORD',
  smtpFrom: 'SMTP_FROM',
  resendApiKey: 'RESEND_API_KEY',
  s3Endpoint: 'S3_ENDPOINT',
  s3Region: 'S3_REGION',
  s3Bucket: 'S3_BUCKET',
  s3AccessKeyId: 'S3_ACCESS_KEY_ID',
  s3SecretAccessKey: 'S3_SECRET_ACCESS_KEY',
} as const;

/** Per provider (providers.ts ids), which stored field becomes which variable. */
export const SERVER_ENV_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  postgres: { connectionString: SERVER_ENV.databaseUrl },
  supabase: {
    projectUrl: SERVER_ENV.supabaseUrl,
    anonKey: SERVER_ENV.supabaseAnonKey,
    serviceRoleKey: SERVER_ENV.supabaseServiceRoleKey,
    // The project's own PostgreSQL, for handlers that query it directly.
    databaseUrl: SERVER_ENV.databaseUrl,
  },
  stripe: { secretKey: SERVER_ENV.stripeSecretKey, publishableKey: SERVER_ENV.stripePublishableKey },
  smtp: {
    host: SERVER_ENV.smtpHost,
    port: SERVER_ENV.smtpPort,
    user: SERVER_ENV.smtpUser,
    password: SERVER_ENV.smtpPassword,
    from: SERVER_ENV.smtpFrom,
  },
  resend: { apiKey: SERVER_ENV.resendApiKey },
  s3: {
    endpoint: SERVER_ENV.s3Endpoint,
    region: SERVER_ENV.s3Region,
    bucket: SERVER_ENV.s3Bucket,
    accessKeyId: SERVER_ENV.s3AccessKeyId,
    secretAccessKey: SERVER_ENV.s3SecretAccessKey,
  },
};

/** One enabled integration, opened: its provider id and its decrypted field values. */
export interface EnabledIntegrationValues {
  providerId: string;
  values: Record<string, unknown>;
}

/** A field's value as an environment string ('' and non-scalars are left out). */
function asEnvValue(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** The variable names a provider gives the server (for `.env.example` and the docs). */
export function serverEnvNames(providerId: string): string[] {
  return Object.values(SERVER_ENV_FIELDS[providerId] ?? {});
}

/**
 * The server environment of the enabled integrations. Unknown providers and providers with no
 * server variables (Supabase Auth reuses the database's) add nothing, and neither does a
 * connection string Kiln's rule refuses (postgres-connection.ts: one naming a file or a socket).
 */
export function serverEnv(enabled: readonly EnabledIntegrationValues[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { providerId, values } of enabled) {
    const fields = findProvider(providerId)?.fields ?? [];
    for (const [field, name] of Object.entries(SERVER_ENV_FIELDS[providerId] ?? {})) {
      const value = asEnvValue(values[field]);
      if (value === null) continue;
      // A connection string the rule refuses (stored before it existed) is never handed on.
      const label = fields.find(
        (candidate) => candidate.name === field && candidate.endpoint === 'postgres',
      )?.label;
      if (label && !parsePostgresConnectionString(value, label).ok) continue;
      env[name] = value;
    }
  }
  return env;
}

/**
 * Every secret field's value (providers.ts `secret: true`) of the enabled integrations: what
 * must never appear in a build output, a zip, a push or a log. Tests and the runtime search for them.
 */
export function secretValues(enabled: readonly EnabledIntegrationValues[]): string[] {
  const secrets = new Set<string>();
  for (const { providerId, values } of enabled) {
    for (const field of findProvider(providerId)?.fields ?? []) {
      const value = field.secret ? asEnvValue(values[field.name]) : null;
      if (value !== null) secrets.add(value);
    }
  }
  return [...secrets];
}
