import { describe, expect, it } from 'vitest';
import { buildModelGuidance } from '../../../core/integrations/model-guidance.ts';
import { inspectMigrationSql } from '../../../core/sql/migration.ts';
import { fileContent, nextSnapshot, runDemo } from './testing.ts';

const SUPABASE_GUIDANCE = buildModelGuidance({
  framework: 'react',
  integrations: [{ type: 'database', provider: 'supabase' }],
  publicEnvNames: ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'],
  existingTables: [],
});

describe('the demo model with a database enabled (issue 16 item 3)', () => {
  it('answers a guest book backed by Supabase, with a migration under Row Level Security', async () => {
    const { text } = await runDemo({ framework: 'react', prompt: 'A guest book', system: SUPABASE_GUIDANCE });
    const snapshot = nextSnapshot(null, text);
    const component = fileContent(snapshot, 'src/components/GuestBook.tsx');
    expect(component).toContain("from('guest_book')");
    const client = fileContent(snapshot, 'src/lib/supabase.ts');
    expect(client).toContain("from '@supabase/supabase-js'");
    expect(client).toContain('import.meta.env.VITE_SUPABASE_URL');
    expect(client).toContain('import.meta.env.VITE_SUPABASE_ANON_KEY');
    const pkg = JSON.parse(fileContent(snapshot, 'package.json')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies['@supabase/supabase-js']).toBeDefined();
    expect(pkg.dependencies.react).toBeDefined();
    const migration = snapshot.files.find((file) =>
      /^supabase\/migrations\/\d{14}_guest_book\.sql$/.test(file.name),
    );
    expect(migration).toBeDefined();
    expect(migration!.content).toContain('enable row level security');
    const inspection = await inspectMigrationSql(migration!.content);
    expect(inspection.ok && inspection.tables).toEqual(['guest_book']);
    expect(inspection.ok && inspection.policies.length).toBe(2);
  });
});
