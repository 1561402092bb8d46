import { describe, expect, it } from 'vitest';
import { buildModelGuidance, type GuidanceIntegration } from './model-guidance.ts';
import { PROVIDERS } from './providers.ts';
import { secretValues, SERVER_ENV, serverEnv, serverEnvNames } from './server-env.ts';

const SUPABASE = {
  providerId: 'supabase',
  values: {
    projectUrl: 'https://xyz.supabase.co',
    anonKey: 'anon-123',
    serviceRoleKey: 'service-456',
    databaseUrl: 'postgresql://postgres:pw@db.xyz.supabase.co:5432/postgres',
  },
};
const POSTGRES = {
  providerId: 'postgres',
  values: { connectionString: 'postgres://u:p@db.example.com/app' },
};
const STRIPE = { providerId: 'stripe', values: { publishableKey: 'pk_test_1', secretKey: 'sk_test_2' } };
const SMTP = {
  providerId: 'smtp',
  values: {
    host: 'smtp.example.com',
    port: 587,
    user: 'mailer',
    password: 'mail-pw',
    from: 'App <a@example.com>',
  },
};
const RESEND = { providerId: 'resend', values: { apiKey: 're_abc' } };
const S3 = {
  providerId: 's3',
  values: {
    endpoint: 'https://s3.example.com',
    region: 'eu-central-1',
    bucket: 'uploads',
    accessKeyId: 'AKIA1',
    secretAccessKey: 's3-secret',
  },
};

describe('serverEnv (issue 22 item 4)', () => {
  it('gives each provider the variables the model is told to read', () => {
    expect(serverEnv([POSTGRES])).toEqual({ DATABASE_URL: 'postgres://u:p@db.example.com/app' });
    expect(serverEnv([SUPABASE])).toEqual({
      SUPABASE_URL: 'https://xyz.supabase.co',
      SUPABASE_ANON_KEY: 'anon-123',
      SUPABASE_SERVICE_ROLE_KEY: 'service-456',
      DATABASE_URL: 'postgresql://postgres:pw@db.xyz.supabase.co:5432/postgres',
    });
    expect(serverEnv([STRIPE, SMTP, S3])).toEqual({
      STRIPE_SECRET_KEY: 'sk_test_2',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      SMTP_HOST: 'smtp.example.com',
      SMTP_PORT: '587',
      SMTP_USER: 'mailer',
      SMTP_PASSWORD: 'mail-pw',
      SMTP_FROM: 'App <a@example.com>',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_REGION: 'eu-central-1',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'AKIA1',
      S3_SECRET_ACCESS_KEY: 's3-secret',
    });
    expect(serverEnv([RESEND])).toEqual({ RESEND_API_KEY: 're_abc' });
  });

  it('adds nothing for Supabase Auth, unknown providers or empty values', () => {
    expect(serverEnv([{ providerId: 'supabase-auth', values: { databaseIntegrationId: 'x' } }])).toEqual({});
    expect(serverEnv([{ providerId: 'nope', values: { apiKey: 'k' } }])).toEqual({});
    expect(serverEnv([{ providerId: 'postgres', values: { connectionString: '' } }])).toEqual({});
    expect(serverEnvNames('supabase-auth')).toEqual([]);
  });

  it('never hands on a connection string Kiln’s rule refuses (a row stored before the rule, issue 31 item 3)', () => {
    const fifo = 'postgres://u:p@db.example.com/app?sslrootcert=/tmp/kiln/fifo';
    expect(serverEnv([{ providerId: 'postgres', values: { connectionString: fifo } }])).toEqual({});
    // Supabase's other variables still reach the app; only DATABASE_URL is left out.
    expect(
      serverEnv([
        {
          providerId: 'supabase',
          values: {
            projectUrl: 'https://xyz.supabase.co',
            anonKey: 'anon',
            databaseUrl: `${fifo}&sslmode=require`,
          },
        },
      ]),
    ).toEqual({ SUPABASE_URL: 'https://xyz.supabase.co', SUPABASE_ANON_KEY: 'anon' });
    // It is still a secret to search for and scrub.
    expect(secretValues([{ providerId: 'postgres', values: { connectionString: fifo } }])).toEqual([fifo]);
  });

  it('maps every field of every provider that has server variables, the secret ones included', () => {
    for (const provider of PROVIDERS) {
      const names = serverEnvNames(provider.id);
      if (names.length === 0) continue;
      for (const field of provider.fields.filter((candidate) => candidate.secret)) {
        const value = field.endpoint === 'postgres' ? 'postgres://u:p@db.example.com/app' : 'v';
        expect(serverEnv([{ providerId: provider.id, values: { [field.name]: value } }])).not.toEqual({});
      }
    }
  });
});

describe('secretValues', () => {
  it('lists exactly the values of the fields providers.ts marks secret', () => {
    expect(secretValues([SUPABASE, POSTGRES, STRIPE, SMTP, RESEND, S3]).sort()).toEqual(
      [
        'service-456',
        'postgresql://postgres:pw@db.xyz.supabase.co:5432/postgres',
        'postgres://u:p@db.example.com/app',
        'sk_test_2',
        'mail-pw',
        're_abc',
        's3-secret',
      ].sort(),
    );
    expect(secretValues([{ providerId: 'stripe', values: { publishableKey: 'pk_1' } }])).toEqual([]);
  });
});

describe('the guidance names the same variables', () => {
  const guidance = (integration: GuidanceIntegration) =>
    buildModelGuidance({
      framework: 'react',
      integrations: [integration],
      publicEnvNames: [],
      existingTables: [],
    });

  it.each([
    [{ type: 'database', provider: 'postgres' }, 'postgres'],
    [{ type: 'payments', provider: 'stripe' }, 'stripe'],
    [{ type: 'email', provider: 'smtp' }, 'smtp'],
    [{ type: 'email', provider: 'resend' }, 'resend'],
    [{ type: 'storage', provider: 's3' }, 's3'],
  ] as const)('%o', (integration, providerId) => {
    const text = guidance(integration);
    for (const name of serverEnvNames(providerId)) {
      // Stripe's publishable key is public: the browser reads it from its own variable.
      if (name === SERVER_ENV.stripePublishableKey) continue;
      expect(text).toContain(`process.env.${name}`);
    }
  });

  it('tells a Supabase project where its server-side keys are', () => {
    const text = guidance({ type: 'database', provider: 'supabase' });
    expect(text).toContain(`process.env.${SERVER_ENV.supabaseServiceRoleKey}`);
    expect(text).toContain(`process.env.${SERVER_ENV.databaseUrl}`);
  });
});
