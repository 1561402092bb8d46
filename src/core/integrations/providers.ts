import { z } from 'zod';
import { parsePostgresConnectionString } from './postgres-connection.ts';

/**
 * The integrations a person can configure on /account/integrations (issue 16 item 1): per type
 * the concrete providers, their fields (labels for the form, which ones are secrets) and the zod
 * schema the server checks before it seals the credentials.
 */

/** The stored `integration_type` values (schema `INTEGRATION_TYPES`, spec §3 "User integration"). */
export const INTEGRATION_TYPE_IDS = ['database', 'payments', 'storage', 'email', 'auth'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPE_IDS)[number];

export const INTEGRATION_TYPE_LABELS: Record<IntegrationType, string> = {
  database: 'Hosted database',
  payments: 'Card payments',
  storage: 'Blob storage',
  email: 'E-mail sending',
  auth: 'Auth',
};

export interface ProviderField {
  name: string;
  label: string;
  /** Never sent back to the browser; shown masked ('••••1234'). */
  secret: boolean;
  optional: boolean;
  kind: 'text' | 'url' | 'number' | 'integration';
  placeholder?: string;
  /** A host the server connects to: checked by the address-safety rule. */
  endpoint?: 'url' | 'postgres' | 'host';
}

export interface ProviderDefinition {
  id: string;
  type: IntegrationType;
  label: string;
  fields: ProviderField[];
  schema: z.ZodType<Record<string, unknown>>;
  /** What 'Test connection' does for this provider (shown beside the button). */
  testNote: string;
}

const text = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);
const httpUrl = (label: string) =>
  text(label).refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), {
    message: `${label} must be an http(s) address`,
  });
/** Kiln's own reading of the string (postgres-connection.ts): allowed parameters only, no file names. */
const postgresUrl = (label: string) =>
  text(label).superRefine((value, context) => {
    const check = parsePostgresConnectionString(value, label);
    if (!check.ok) context.addIssue({ code: 'custom', message: check.message });
  });
const prefixed = (label: string, prefixes: string[]) =>
  text(label).refine((value) => prefixes.some((prefix) => value.startsWith(prefix)), {
    message: `${label} must start with ${prefixes.join(' or ')}`,
  });
const optionalUrl = (label: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), httpUrl(label).optional());

function field(
  name: string,
  label: string,
  options: Partial<Omit<ProviderField, 'name' | 'label'>> = {},
): ProviderField {
  return { name, label, secret: false, optional: false, kind: 'text', ...options };
}

export const PROVIDERS: readonly ProviderDefinition[] = [
  {
    id: 'supabase',
    type: 'database',
    label: 'Supabase',
    fields: [
      field('projectUrl', 'Project URL', {
        kind: 'url',
        endpoint: 'url',
        placeholder: 'https://xyz.supabase.co',
      }),
      field('anonKey', 'Anon key'),
      field('serviceRoleKey', 'Service-role key', { secret: true }),
      field('databaseUrl', 'Database connection string', {
        secret: true,
        endpoint: 'postgres',
        placeholder: 'postgresql://postgres:password@db.xyz.supabase.co:5432/postgres',
      }),
    ],
    schema: z.object({
      projectUrl: httpUrl('Project URL'),
      anonKey: text('Anon key'),
      serviceRoleKey: text('Service-role key'),
      databaseUrl: postgresUrl('Database connection string'),
    }),
    testNote: 'Connects to the database and asks the project’s REST API with the anon key.',
  },
  {
    id: 'postgres',
    type: 'database',
    label: 'PostgreSQL',
    fields: [
      field('connectionString', 'Connection string', {
        secret: true,
        endpoint: 'postgres',
        placeholder: 'postgresql://user:password@host:5432/database',
      }),
      field('postgrestUrl', 'PostgREST URL', { optional: true, kind: 'url', endpoint: 'url' }),
    ],
    schema: z.object({
      connectionString: postgresUrl('Connection string'),
      postgrestUrl: optionalUrl('PostgREST URL'),
    }),
    testNote: 'Connects to the database and runs select 1.',
  },
  {
    id: 'stripe',
    type: 'payments',
    label: 'Stripe',
    fields: [
      field('publishableKey', 'Publishable key', { placeholder: 'pk_live_…' }),
      field('secretKey', 'Secret key', { secret: true, placeholder: 'sk_live_…' }),
    ],
    schema: z.object({
      publishableKey: prefixed('Publishable key', ['pk_']),
      secretKey: prefixed('Secret key', ['sk_', 'rk_']),
    }),
    testNote: 'Checks the keys’ format (Kiln does not call Stripe).',
  },
  {
    id: 's3',
    type: 'storage',
    label: 'S3-compatible',
    fields: [
      field('endpoint', 'Endpoint', {
        kind: 'url',
        endpoint: 'url',
        placeholder: 'https://s3.eu-central-1.amazonaws.com',
      }),
      field('region', 'Region', { placeholder: 'eu-central-1' }),
      field('bucket', 'Bucket'),
      field('accessKeyId', 'Access key ID'),
      field('secretAccessKey', 'Secret access key', { secret: true }),
    ],
    schema: z.object({
      endpoint: httpUrl('Endpoint'),
      region: text('Region'),
      bucket: text('Bucket'),
      accessKeyId: text('Access key ID'),
      secretAccessKey: text('Secret access key'),
    }),
    testNote: 'Asks the endpoint for the bucket (HeadBucket) with the keys.',
  },
  {
    id: 'smtp',
    type: 'email',
    label: 'SMTP',
    fields: [
      field('host', 'Host', { endpoint: 'host', placeholder: 'smtp.example.com' }),
      field('port', 'Port', { kind: 'number', placeholder: '587' }),
      field('user', 'User'),
      field('password', 'Password', { secret: true }),
      field('from', 'From address', { placeholder: 'App <hello@example.com>' }),
    ],
    schema: z.object({
      host: text('Host').refine((value) => !/[\s/:]/.test(value), { message: 'Host must be a host name' }),
      port: z.coerce
        .number({ error: 'Port must be a number' })
        .int('Port must be a whole number')
        .min(1, 'Port must be between 1 and 65535')
        .max(65535, 'Port must be between 1 and 65535'),
      user: text('User'),
      password: text('Password'),
      from: text('From address').refine((value) => /[^\s@<>]+@[^\s@<>]+/.test(value), {
        message: 'From address must hold an e-mail address',
      }),
    }),
    testNote: 'Connects to the server and signs in (nothing is sent).',
  },
  {
    id: 'resend',
    type: 'email',
    label: 'Resend',
    fields: [field('apiKey', 'API key', { secret: true, placeholder: 're_…' })],
    schema: z.object({ apiKey: prefixed('API key', ['re_']) }),
    testNote: 'Checks the key’s format (Kiln does not call Resend).',
  },
  {
    id: 'supabase-auth',
    type: 'auth',
    label: 'Supabase Auth',
    fields: [field('databaseIntegrationId', 'Supabase project', { kind: 'integration' })],
    schema: z.object({ databaseIntegrationId: text('Supabase project') }),
    testNote: 'Tests the Supabase database integration it uses.',
  },
];

export function findProvider(id: string): ProviderDefinition | undefined {
  return PROVIDERS.find((provider) => provider.id === id);
}

export function providersOf(type: IntegrationType): ProviderDefinition[] {
  return PROVIDERS.filter((provider) => provider.type === type);
}
