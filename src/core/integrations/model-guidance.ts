/**
 * Issue 16 item 3 "What the model is told": the text added to the system prompt when a chat has
 * integrations enabled. Pure: it receives variable NAMES only (never values), so no secret can
 * reach a prompt through it; the server gathers the inputs.
 */
import type { PublicEnvFramework } from './public-env.ts';
import type { IntegrationType } from './providers.ts';
import { SERVER_ENV } from './server-env.ts';

export interface GuidanceIntegration {
  type: IntegrationType;
  /** Provider id (core/integrations/providers.ts), e.g. 'supabase', 'stripe'. */
  provider: string;
}

export interface ExistingTable {
  name: string;
  /** Column names when known (parsed from the executed migrations), else empty. */
  columns: string[];
}

export interface ModelGuidanceInput {
  framework: PublicEnvFramework;
  integrations: readonly GuidanceIntegration[];
  /** Names of the public variables the preview receives (prefixed for the framework). */
  publicEnvNames: readonly string[];
  /** Tables created by this chat's executed migrations, in creation order. */
  existingTables: readonly ExistingTable[];
}

/** How browser code reads a public variable in each framework. */
function envAccess(framework: PublicEnvFramework, name: string): string {
  return framework === 'html' ? name : `import.meta.env.${name}`;
}

function envName(input: ModelGuidanceInput, suffix: string): string {
  const found = input.publicEnvNames.find((name) => name.endsWith(suffix));
  return found ? envAccess(input.framework, found) : suffix;
}

/** The line naming the database provider; the offline demo model reads it back (decision 0040). */
const DATABASE_PROVIDER = 'Database provider: ';

/** The line naming the e-mail provider, read back the same way (the demo's contact form). */
const EMAIL_PROVIDER = 'E-mail provider: ';

function readLine(systemPrompt: string, prefix: string): string | null {
  const line = systemPrompt.split('\n').find((candidate) => candidate.startsWith(prefix));
  return line ? line.slice(prefix.length).trim() || null : null;
}

/** The enabled database's provider id, read back from a system prompt; null when none. */
export function readDatabaseProvider(systemPrompt: string): string | null {
  return readLine(systemPrompt, DATABASE_PROVIDER);
}

/** The enabled e-mail provider's id ('smtp', 'resend'), read back from a system prompt; null when none. */
export function readEmailProvider(systemPrompt: string): string | null {
  return readLine(systemPrompt, EMAIL_PROVIDER);
}

/** `process.env.NAME` in backticks, as the guidance writes server variables. */
const serverVar = (name: string) => `\`process.env.${name}\``;

function databaseLines(input: ModelGuidanceInput, provider: string): string[] {
  const lines = ['### Database', `${DATABASE_PROVIDER}${provider}`];
  if (provider === 'supabase') {
    lines.push(
      `- Use \`@supabase/supabase-js\`: \`createClient(${envName(input, 'SUPABASE_URL')}, ${envName(input, 'SUPABASE_ANON_KEY')})\`` +
        ' in one module (src/lib/supabase), imported where needed. Only the anon key is public; never use a' +
        ' service-role key in the browser.',
      `- Server code in \`api/\` may also read ${serverVar(SERVER_ENV.supabaseUrl)}, ${serverVar(SERVER_ENV.supabaseServiceRoleKey)}` +
        ` (bypasses Row Level Security: server only) and the database connection string ${serverVar(SERVER_ENV.databaseUrl)}.`,
      '- Every table has Row Level Security enabled (`alter table … enable row level security;`) and explicit' +
        ' `create policy` statements for the reads and writes the app needs.',
    );
  } else {
    lines.push(
      '- The database is PostgreSQL reachable only from the server: read and write it in the `api/` handler' +
        ` with \`pg\` (a \`Pool\` on the connection string ${serverVar(SERVER_ENV.databaseUrl)}, parameterised` +
        " queries), never from the browser; the frontend calls `fetch('/api/…')`.",
    );
  }
  lines.push(
    '- Schema changes go in a migration file `supabase/migrations/{timestamp}_{name}.sql`' +
      ' (timestamp as YYYYMMDDHHMMSS, name in snake_case), plain PostgreSQL SQL.',
  );
  if (input.existingTables.length > 0) {
    lines.push(
      '- These tables already exist (created by migrations already run). Do not recreate them: change them with' +
        ' `alter table` in a new migration.',
    );
    for (const table of input.existingTables)
      lines.push(`  - ${table.name}${table.columns.length > 0 ? ` (${table.columns.join(', ')})` : ''}`);
  } else {
    lines.push('- No tables exist yet: the first migration creates them.');
  }
  return lines;
}

function paymentsLines(input: ModelGuidanceInput): string[] {
  return [
    '### Payments (Stripe)',
    '- Use Stripe Checkout: the browser calls a route of the `api/` handler (e.g. `POST /api/checkout`) that creates' +
      ` the Checkout Session with the secret key from the server environment (${serverVar(SERVER_ENV.stripeSecretKey)})` +
      ' and returns its URL; the browser redirects to it.',
    '- The secret key never appears in browser code or the bundle.' +
      (input.publicEnvNames.some((name) => name.endsWith('STRIPE_PUBLISHABLE_KEY'))
        ? ` The publishable key is ${envName(input, 'STRIPE_PUBLISHABLE_KEY')}.`
        : ''),
  ];
}

function emailLines(provider: string): string[] {
  const smtp = [
    SERVER_ENV.smtpHost,
    SERVER_ENV.smtpPort,
    SERVER_ENV.smtpUser,
    SERVER_ENV.smtpPassword,
    SERVER_ENV.smtpFrom,
  ];
  const how =
    provider === 'resend'
      ? `the Resend API (\`fetch('https://api.resend.com/emails')\` with ${serverVar(SERVER_ENV.resendApiKey)})`
      : `SMTP (\`nodemailer\`) with ${smtp.map(serverVar).join(', ')} (the sender address)`;
  return [
    '### E-mail',
    `${EMAIL_PROVIDER}${provider}`,
    `- Send e-mail only from a route of the \`api/\` handler (e.g. \`POST /api/contact\`) using ${how}; the browser` +
      ' posts to that route. Credentials never appear in browser code.',
  ];
}

function storageLines(): string[] {
  return [
    '### File storage (S3-compatible)',
    '- Uploads go through a route of the `api/` handler that signs an upload URL (`@aws-sdk/s3-request-presigner`)' +
      ` with ${[SERVER_ENV.s3Endpoint, SERVER_ENV.s3Region, SERVER_ENV.s3Bucket, SERVER_ENV.s3AccessKeyId, SERVER_ENV.s3SecretAccessKey].map(serverVar).join(', ')};` +
      ' the browser uploads to the signed URL. The secret never appears in browser code.',
  ];
}

function authLines(input: ModelGuidanceInput): string[] {
  return [
    '### Authentication (Supabase Auth)',
    `- Use \`supabase.auth\` from the same \`@supabase/supabase-js\` client (${envName(input, 'SUPABASE_URL')}).` +
      ' Policies can use `auth.uid()` to restrict rows to their owner.',
  ];
}

/**
 * Angular's own builder never reads `.env.local`: `@ngx-env/builder` (the same builder plus
 * dotenv) inlines the NG_APP_ variables, so an Angular answer must switch to it.
 */
const ANGULAR_ENV =
  '- Angular reads these only through `@ngx-env/builder`: add it to devDependencies (the major of the' +
  " project's Angular) and set angular.json's build and serve builders to `@ngx-env/builder:application`" +
  ' and `@ngx-env/builder:dev-server`; then read `import.meta.env.NG_APP_…` in code.';

/** The system prompt's integrations section; '' when the chat has none enabled. */
export function buildModelGuidance(input: ModelGuidanceInput): string {
  if (input.integrations.length === 0) return '';
  const sections: string[][] = [];
  for (const integration of input.integrations) {
    if (integration.type === 'database') sections.push(databaseLines(input, integration.provider));
    else if (integration.type === 'payments') sections.push(paymentsLines(input));
    else if (integration.type === 'email') sections.push(emailLines(integration.provider));
    else if (integration.type === 'storage') sections.push(storageLines());
    else sections.push(authLines(input));
  }
  const names = [...new Set(input.publicEnvNames)].sort();
  const env =
    names.length > 0
      ? `## Environment variables available in the browser (names only; values are set for you)\n${names
          .map((name) => `- ${name}`)
          .join('\n')}${input.framework === 'angular' ? `\n${ANGULAR_ENV}` : ''}`
      : '## Environment variables\n- No variable is exposed to the browser; secrets are read on the server only.';
  return [
    '## Integrations enabled in this chat',
    'The app has a real backend. Write its backend part as described here; never put a secret in browser code.',
    '',
    ...sections.map((lines) => lines.join('\n')),
    env,
  ].join('\n\n');
}
