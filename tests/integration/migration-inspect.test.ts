import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpUser } from './generation-helpers.ts';
import { createVersion } from './preview-helpers.ts';
import { createTestKiln } from './test-app.ts';

const TODOS = `-- create table not_this (id int);
create table public.todos (id int, body text default 'create table nope (x int)');
alter table public.todos enable row level security;
create policy "Owners read todos" on public.todos for select using (true);
`;

describe("a version's migrations with their created tables and policies (spec §3)", () => {
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => {
    await kiln?.close();
  });

  it('lists each migration file with the parser’s tables and policies, or its parse error', async () => {
    const owner = await signedUpUser(kiln);
    const { chatId, version } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'react',
      files: [
        { name: 'src/App.tsx', content: 'export default function App() { return null; }' },
        { name: 'supabase/migrations/001_todos.sql', content: TODOS },
        { name: 'supabase/migrations/002_broken.sql', content: 'create tabel oops (id int);' },
      ],
    });
    const response = await owner.client.request(`/api/chats/${chatId}/versions/${version}/migrations`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      migrations: { name: string; tables: string[]; policies: unknown[]; error: string | null }[];
    };
    expect(body.migrations.map(({ name, tables, policies }) => ({ name, tables, policies }))).toEqual([
      {
        name: 'supabase/migrations/001_todos.sql',
        tables: ['public.todos'],
        policies: [{ name: 'Owners read todos', table: 'public.todos' }],
      },
      { name: 'supabase/migrations/002_broken.sql', tables: [], policies: [] },
    ]);
    expect(body.migrations[0]!.error).toBeNull();
    expect(body.migrations[1]!.error).toMatch(/Could not parse the migration SQL/);

    const missing = await owner.client.request(`/api/chats/${chatId}/versions/99/migrations`);
    expect(missing.status).toBe(404);
  });
});
