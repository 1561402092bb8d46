import { describe, expect, it } from 'vitest';
import { checkCredentials } from './credentials.ts';
import { maskedCredentials, mergeCredentials, maskSecret } from './masking.ts';
import { findProvider, PROVIDERS, INTEGRATION_TYPE_IDS } from './providers.ts';

describe('providers per integration type (issue 16 item 1)', () => {
  it('every type has a provider, and the five types are the schema’s', () => {
    expect(INTEGRATION_TYPE_IDS).toEqual(['database', 'payments', 'storage', 'email', 'auth']);
    for (const type of INTEGRATION_TYPE_IDS) expect(PROVIDERS.some((p) => p.type === type)).toBe(true);
    expect(PROVIDERS.map((p) => p.id)).toEqual([
      'supabase',
      'postgres',
      'stripe',
      's3',
      'smtp',
      'resend',
      'supabase-auth',
    ]);
  });

  it('secrets are the keys and passwords', () => {
    const secrets = Object.fromEntries(
      PROVIDERS.map((p) => [p.id, p.fields.filter((f) => f.secret).map((f) => f.name)]),
    );
    expect(secrets).toEqual({
      supabase: ['serviceRoleKey', 'databaseUrl'],
      postgres: ['connectionString'],
      stripe: ['secretKey'],
      s3: ['secretAccessKey'],
      smtp: ['password'],
      resend: ['apiKey'],
      'supabase-auth': [],
    });
  });
});

describe('credentials are checked with the provider’s schema', () => {
  it('accepts valid fields and coerces the SMTP port', () => {
    const check = checkCredentials('smtp', {
      host: 'smtp.example.com',
      port: '587',
      user: 'u',
      password: 'p',
      from: 'App <a@example.com>',
    });
    expect(check.ok && check.values.port).toBe(587);
  });

  it.each([
    ['stripe', { publishableKey: 'sk_wrong', secretKey: 'sk_test_1' }, 'Publishable key must start with pk_'],
    ['stripe', { publishableKey: 'pk_test_1' }, 'Secret key is required'],
    ['resend', { apiKey: 'abc' }, 'API key must start with re_'],
    [
      'postgres',
      { connectionString: 'mysql://x' },
      'Connection string must be a postgres:// connection string',
    ],
    [
      's3',
      { endpoint: 'ftp://x', region: 'r', bucket: 'b', accessKeyId: 'a', secretAccessKey: 's' },
      'Endpoint must be an http(s) address',
    ],
    [
      'smtp',
      { host: 'h', port: 70000, user: 'u', password: 'p', from: 'a@b.c' },
      'Port must be between 1 and 65535',
    ],
    ['nope', {}, "Unknown provider 'nope'"],
  ])('%s %j → %s', (provider, values, message) => {
    const check = checkCredentials(provider, values);
    expect(check.ok ? null : check.message).toBe(message);
  });

  it('an empty optional PostgREST URL is no URL', () => {
    const check = checkCredentials('postgres', {
      connectionString: 'postgres://db.example.com/app',
      postgrestUrl: '',
    });
    expect(check.ok && check.values).toEqual({ connectionString: 'postgres://db.example.com/app' });
  });
});

describe('secrets leave the server masked', () => {
  const stripe = findProvider('stripe')!;

  it("shows '••••' and the last 4 characters; a short secret not even those", () => {
    expect(maskSecret('sk_live_abcdefgh1234')).toBe('••••1234');
    expect(maskSecret('short')).toBe('••••');
    expect(
      maskedCredentials(stripe, { publishableKey: 'pk_live_visible', secretKey: 'sk_live_abcdefgh1234' }),
    ).toEqual({
      publishableKey: 'pk_live_visible',
      secretKey: '••••1234',
    });
  });

  it('an edit keeps a secret sent back masked or empty, and takes a retyped one', () => {
    const stored = { publishableKey: 'pk_old', secretKey: 'sk_live_abcdefgh1234' };
    expect(mergeCredentials(stripe, stored, { publishableKey: 'pk_new', secretKey: '••••1234' })).toEqual({
      publishableKey: 'pk_new',
      secretKey: 'sk_live_abcdefgh1234',
    });
    expect(mergeCredentials(stripe, stored, { publishableKey: 'pk_new', secretKey: '' }).secretKey).toBe(
      'sk_live_abcdefgh1234',
    );
    expect(
      mergeCredentials(stripe, stored, { publishableKey: 'pk_new', secretKey: 'sk_new' }).secretKey,
    ).toBe('sk_new');
  });
});
