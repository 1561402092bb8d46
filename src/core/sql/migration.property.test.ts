import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns } from '../../../tests/support/fuzz.ts';
import { inspectMigrationSql } from './migration.ts';

/**
 * Issue 21 item 5: SQL migration inspection (spec §3 "Migration file") reads a model's SQL.
 * Whatever it is given, it answers (never throws), answers the same every time, and finds the
 * tables and policies a migration creates however it is commented, spaced or cased.
 */

/** A quoted identifier: any text PostgreSQL keeps as it is (no NUL, at most 63 bytes). */
const identifier = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .filter((name) => !name.includes('\0') && Buffer.byteLength(name) <= 63);
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

const noise = fc.constantFrom(
  '',
  ' ',
  '\n',
  '\t',
  '-- create table fake (x int);\n',
  '/* create policy p on t */',
  '/* nested /* create table n (x int) */ */',
);

type Statement = { sql: string; table?: string; policy?: { name: string; table: string } };

const statement: fc.Arbitrary<Statement> = fc.oneof(
  fc
    .tuple(identifier, fc.constantFrom('CREATE TABLE', 'create table', 'Create Table If Not Exists'))
    .map(([table, keyword]) => ({
      sql: `${keyword} ${quote(table)} (id int, note text default 'create table x')`,
      table,
    })),
  fc.tuple(identifier, identifier).map(([name, table]) => ({
    sql: `create policy ${quote(name)} on ${quote(table)} for select using (true)`,
    policy: { name, table },
  })),
  fc.constantFrom<Statement>(
    { sql: 'create view v as select 1' },
    { sql: 'create function f() returns int language sql as $$ create table not_real(x int); select 1 $$' },
    { sql: 'alter table t enable row level security' },
    { sql: 'select 1' },
  ),
);

const migration = fc.array(fc.tuple(noise, statement, noise), { maxLength: 6 }).map((parts) => ({
  sql: parts.map(([before, s, after]) => `${before}${s.sql};${after}`).join('\n'),
  statements: parts.map(([, s]) => s),
}));

/** SQL-looking soup: keywords, quotes, dollar quotes, comments and arbitrary text. */
const soup = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'create',
        'table',
        'policy',
        ' on ',
        '(',
        ')',
        ';',
        '"',
        "'",
        '$$',
        '$a$',
        '--',
        '/*',
        '*/',
        'as select',
        '\\',
        '\n',
      ),
      fc.string({ unit: 'binary', maxLength: 16 }),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(' '));

describe('migration inspection (libpg-query) under arbitrary input', () => {
  it('answers any text, the same way twice, with a position inside the text when it cannot parse', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(soup, fc.string({ unit: 'binary', maxLength: 200 })), async (sql) => {
        const first = await inspectMigrationSql(sql);
        expect(await inspectMigrationSql(sql)).toEqual(first);
        if (!first.ok) {
          expect(first.error).toBe('could-not-parse');
          expect(first.message).toMatch(/^Could not parse the migration SQL: /);
        }
      }),
      { numRuns: fuzzRuns(150) },
    );
  });

  it('finds exactly the created tables and policies, in order and once each, whatever the comments', async () => {
    await fc.assert(
      fc.asyncProperty(migration, async ({ sql, statements }) => {
        const tables: string[] = [];
        const policies: { name: string; table: string }[] = [];
        for (const s of statements) {
          if (s.table !== undefined && !tables.includes(s.table)) tables.push(s.table);
          const p = s.policy;
          if (p && !policies.some((q) => q.name === p.name && q.table === p.table)) policies.push(p);
        }
        expect(await inspectMigrationSql(sql)).toEqual({ ok: true, tables, policies });
      }),
      { numRuns: fuzzRuns(150) },
    );
  });

  // Found by the property above: blank SQL was 'could not parse' while a lone comment was an
  // empty migration.
  it.each(['', ' ', '\n\t'])(
    'reads blank SQL (%j) as an empty migration, like a lone comment',
    async (sql) => {
      expect(await inspectMigrationSql(sql)).toEqual(await inspectMigrationSql('-- nothing'));
    },
  );
});
