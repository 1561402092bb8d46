import { describe, expect, it } from 'vitest';
import { applyMigrationToSchema } from './model-guidance-schema.ts';

describe('applyMigrationToSchema', () => {
  it('reads created tables with their columns, then added, dropped and renamed columns', async () => {
    const first = await applyMigrationToSchema(
      [],
      `create table public.guest_book (id bigint primary key, name text, constraint ok check (true));
       create table likes (entry_id bigint);`,
    );
    expect(first).toEqual([
      { name: 'guest_book', columns: ['id', 'name'] },
      { name: 'likes', columns: ['entry_id'] },
    ]);
    const second = await applyMigrationToSchema(
      first,
      `alter table guest_book add column email text, drop column name;
       alter table public.guest_book rename column id to entry_id;`,
    );
    expect(second[0]).toEqual({ name: 'guest_book', columns: ['entry_id', 'email'] });
    expect(first[0]).toEqual({ name: 'guest_book', columns: ['id', 'name'] });
  });

  it('leaves the schema as it was for SQL that does not parse', async () => {
    const before = [{ name: 'guest_book', columns: ['id'] }];
    expect(await applyMigrationToSchema(before, 'create tabel oops (')).toEqual(before);
  });
});
