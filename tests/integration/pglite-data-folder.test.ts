import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';

const temporary: string[] = [];
const handles: DatabaseHandle[] = [];
afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.close();
  for (const dir of temporary.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-pglite-folder-'));
  temporary.push(dir);
  return dir;
}

/** The committed migrations up to and including `lastIndex`: the schema of an older Kiln. */
function olderMigrations(lastIndex: number): string {
  const dir = tempDir();
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries) {
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  return dir;
}

async function rows<T>(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('the embedded database (PGlite 0.4)', () => {
  it('opens a data folder laid out as PGlite 0.3 left it (tables in template1, an older schema), keeps its rows and migrates it', async () => {
    // PGlite 0.3 connected to template1: the data folders it made hold Kiln's tables there.
    const dataDir = path.join(tempDir(), 'data');
    const older = await PGlite.create(dataDir, { database: 'template1' });
    await migrate(drizzle(older), { migrationsFolder: olderMigrations(6) });
    await older.exec(`
      insert into users (id, full_name, email) values ('u1', 'Ada', 'ada@example.com');
      insert into chats (id, user_id, title, slug) values ('c1', 'u1', 'A chat', 'a-chat');
      insert into messages (id, chat_id, user_id, role, version, content) values ('m1', 'c1', 'u1', 'user', 1, 'make a button');`);
    await older.close();

    const handle = await openDatabase({ kind: 'pglite', dataDir });
    handles.push(handle);
    expect(await rows(handle, sql`select email from users`)).toEqual([{ email: 'ada@example.com' }]);
    expect(await rows(handle, sql`select title from chats`)).toEqual([{ title: 'A chat' }]);
    expect(await rows(handle, sql`select content from messages`)).toEqual([{ content: 'make a button' }]);
    // Migration 0008 (running_generations) was applied on open.
    expect(await rows(handle, sql`select count(*)::int as n from running_generations`)).toEqual([{ n: 0 }]);
  });

  it('creates a new data folder migrated, and starts PostgreSQL with a small shared buffer pool', async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(tempDir(), 'data') });
    handles.push(handle);
    expect(await rows(handle, sql`select current_database() as db`)).toEqual([{ db: 'template1' }]);
    expect(
      await rows(
        handle,
        sql`select setting, source from pg_settings where name in ('shared_buffers') order by name`,
      ),
    ).toEqual([{ setting: '2048', source: 'command line' }]); // 2048 pages of 8 kB: 16MB (PGlite's own: 128MB)
    expect(await rows(handle, sql`select count(*)::int as n from users`)).toEqual([{ n: 0 }]);
  });
});
