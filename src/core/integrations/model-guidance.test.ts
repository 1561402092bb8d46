import { describe, expect, it } from 'vitest';
import { buildModelGuidance, readDatabaseProvider } from './model-guidance.ts';

describe('buildModelGuidance', () => {
  it('is empty when no integration is enabled', () => {
    expect(
      buildModelGuidance({ framework: 'react', integrations: [], publicEnvNames: [], existingTables: [] }),
    ).toBe('');
  });

  it('tells how to use Supabase with the public variable names, RLS and the migration path', () => {
    const text = buildModelGuidance({
      framework: 'react',
      integrations: [{ type: 'database', provider: 'supabase' }],
      publicEnvNames: ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'],
      existingTables: [],
    });
    expect(text).toContain('@supabase/supabase-js');
    expect(text).toContain(
      'createClient(import.meta.env.VITE_SUPABASE_URL, import.meta.env.VITE_SUPABASE_ANON_KEY)',
    );
    expect(text).toContain('enable row level security');
    expect(text).toContain('create policy');
    expect(text).toContain('supabase/migrations/{timestamp}_{name}.sql');
    expect(text).toContain('- VITE_SUPABASE_ANON_KEY\n- VITE_SUPABASE_URL');
    expect(text).toContain('No tables exist yet');
  });

  it('lists existing tables with their columns and asks to alter rather than recreate them', () => {
    const text = buildModelGuidance({
      framework: 'vue',
      integrations: [{ type: 'database', provider: 'supabase' }],
      publicEnvNames: ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'],
      existingTables: [
        { name: 'guest_book', columns: ['id', 'name', 'message'] },
        { name: 'public.likes', columns: [] },
      ],
    });
    expect(text).toContain('Do not recreate them');
    expect(text).toContain('alter table');
    expect(text).toContain('  - guest_book (id, name, message)');
    expect(text).toContain('  - public.likes\n');
  });

  it('puts Stripe Checkout behind a server api/ handler with the secret key from the server environment', () => {
    const text = buildModelGuidance({
      framework: 'angular',
      integrations: [{ type: 'payments', provider: 'stripe' }],
      publicEnvNames: ['NG_APP_STRIPE_PUBLISHABLE_KEY'],
      existingTables: [],
    });
    expect(text).toContain('Stripe Checkout');
    expect(text).toContain('`api/`');
    expect(text).toContain('process.env.STRIPE_SECRET_KEY');
    expect(text).toContain('never appears in browser code');
    expect(text).toContain('import.meta.env.NG_APP_STRIPE_PUBLISHABLE_KEY');
    // Angular's own builder reads no .env file: the model is told to switch to @ngx-env/builder.
    expect(text).toContain('`@ngx-env/builder:application`');
  });

  it('tells only Angular projects about @ngx-env/builder', () => {
    const text = buildModelGuidance({
      framework: 'react',
      integrations: [{ type: 'payments', provider: 'stripe' }],
      publicEnvNames: ['VITE_STRIPE_PUBLISHABLE_KEY'],
      existingTables: [],
    });
    expect(text).not.toContain('ngx-env');
  });

  it('covers e-mail and storage on the server, and says when no variable reaches the browser', () => {
    const text = buildModelGuidance({
      framework: 'html',
      integrations: [
        { type: 'email', provider: 'resend' },
        { type: 'storage', provider: 's3' },
      ],
      publicEnvNames: [],
      existingTables: [],
    });
    expect(text).toContain('### E-mail');
    expect(text).toContain('process.env.RESEND_API_KEY');
    expect(text).toContain('### File storage');
    expect(text).toContain('No variable is exposed to the browser');
  });

  it('names the database provider on a line that can be read back', () => {
    const text = buildModelGuidance({
      framework: 'react',
      integrations: [{ type: 'database', provider: 'supabase' }],
      publicEnvNames: [],
      existingTables: [],
    });
    expect(readDatabaseProvider(`You are Kiln.\n${text}`)).toBe('supabase');
    expect(readDatabaseProvider('You are Kiln.')).toBeNull();
  });
});
