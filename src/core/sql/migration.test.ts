import { describe, expect, it } from 'vitest';
import { defaultMigrationName, inspectMigrationSql } from './migration.ts';

describe("Spec §3 migration file: name defaults to 'migration_{n}.sql'", () => {
  it('numbers from the given n', () => {
    expect(defaultMigrationName(1)).toBe('migration_1.sql');
    expect(defaultMigrationName(12)).toBe('migration_12.sql');
  });
});

describe('Spec §3 migration file: the interface extracts created table names and policy names', () => {
  it('finds tables and policies of a realistic Supabase-style migration', async () => {
    const sql = `
-- Todos for each user
create table if not exists public.todos (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users not null,
  title text not null check (char_length(title) > 0),
  done boolean default false
);
CREATE TABLE "Profiles" (id uuid primary key, bio text default 'create table fake (x int);');
alter table public.todos enable row level security;
create policy "Users can read their todos" on public.todos for select using (auth.uid() = user_id);
create policy insert_own on todos for insert with check (auth.uid() = user_id);
create function touch() returns trigger language plpgsql as $$ begin create table not_real(x int); return new; end $$;
create table archive as select * from public.todos;
create view v as select 1;
`;
    const result = await inspectMigrationSql(sql);
    expect(result).toEqual({
      ok: true,
      tables: ['public.todos', 'Profiles', 'archive'],
      policies: [
        { name: 'Users can read their todos', table: 'public.todos' },
        { name: 'insert_own', table: 'todos' },
      ],
    });
  });

  it('gives a clear "could not parse" result on invalid SQL, never throws', async () => {
    const result = await inspectMigrationSql('create tabel todos (id int);');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toBe('could-not-parse');
      expect(result.message).toMatch(/^Could not parse the migration SQL: syntax error at or near "tabel"/);
      expect(result.position).toBe(7);
    }
  });

  it('reads empty SQL as no tables and no policies', async () => {
    expect(await inspectMigrationSql('  -- nothing\n')).toEqual({ ok: true, tables: [], policies: [] });
  });
});
