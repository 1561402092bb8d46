import { describe, expect, it } from 'vitest';
import { envExample, publicEnv } from './public-env.ts';

const supabase = {
  projectUrl: 'https://xyz.supabase.co',
  anonKey: 'anon-123',
  serviceRoleKey: 'service-role-secret',
  databaseUrl: 'postgresql://postgres:db-password@db.xyz.supabase.co:5432/postgres',
};

describe('publicEnv', () => {
  it('gives Vite frameworks the Supabase URL and anon key, never the service-role key or database', () => {
    for (const framework of ['react', 'vue', 'svelte'] as const)
      expect(publicEnv(framework, 'supabase', supabase)).toEqual({
        VITE_SUPABASE_URL: 'https://xyz.supabase.co',
        VITE_SUPABASE_ANON_KEY: 'anon-123',
      });
  });

  it('uses NG_APP_ for Angular and nothing for HTML', () => {
    expect(publicEnv('angular', 'stripe', { publishableKey: 'pk_test_1', secretKey: 'sk_test_1' })).toEqual({
      NG_APP_STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    });
    expect(publicEnv('html', 'supabase', supabase)).toEqual({});
  });

  it('gives nothing for providers whose fields are all secret or server-side', () => {
    expect(
      publicEnv('react', 'smtp', { host: 'h', port: 587, user: 'u', password: 'p', from: 'a@b' }),
    ).toEqual({});
    expect(publicEnv('react', 'resend', { apiKey: 're_secret' })).toEqual({});
    expect(
      publicEnv('react', 's3', {
        endpoint: 'https://s3',
        region: 'r',
        bucket: 'b',
        accessKeyId: 'a',
        secretAccessKey: 's',
      }),
    ).toEqual({});
    expect(publicEnv('react', 'postgres', { connectionString: 'postgresql://u:p@h/d' })).toEqual({});
  });

  it('writes .env.example with names only', () => {
    const text = envExample(['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY']);
    expect(text).toContain('VITE_SUPABASE_ANON_KEY=\nVITE_SUPABASE_URL=\n');
    expect(text).not.toContain('anon-123');
  });
});
