import { describe, expect, it } from 'vitest';
import { migrationCardId, pendingMigrations, versionMigrations } from './migration-status.ts';

const files = [
  { name: 'src/App.tsx', content: 'export default function App() {}' },
  { name: 'supabase/migrations/001_todos.sql', content: 'create table todos (id int);' },
  { name: 'supabase/migrations/002_policies.sql', content: 'alter table todos enable row level security;' },
];

describe('versionMigrations', () => {
  it('lists only the migration files, in order, pending unless migrationsExecuted names them', () => {
    const result = versionMigrations(files, [
      { name: 'supabase/migrations/001_todos.sql', executed_at: '2026-11-23T10:00:00.000Z' },
    ]);
    expect(result).toEqual([
      {
        name: 'supabase/migrations/001_todos.sql',
        sql: 'create table todos (id int);',
        appliedAt: '2026-11-23T10:00:00.000Z',
      },
      {
        name: 'supabase/migrations/002_policies.sql',
        sql: 'alter table todos enable row level security;',
        appliedAt: null,
      },
    ]);
    expect(pendingMigrations(result).map((m) => m.name)).toEqual(['supabase/migrations/002_policies.sql']);
  });

  it('a version without migrations has none pending', () => {
    expect(pendingMigrations(versionMigrations(files.slice(0, 1), []))).toEqual([]);
  });
});

describe('migrationCardId', () => {
  it('is a valid, stable element id', () => {
    expect(migrationCardId('supabase/migrations/001 todos.sql')).toBe(
      'migration-supabase-migrations-001-todos-sql',
    );
  });
});
