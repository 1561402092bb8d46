import fs from 'node:fs';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChat, signedUpUser } from './generation-helpers.ts';
import {
  createPreviewKiln,
  createVersion,
  templateWith,
  waitForBuild,
  type TestKiln,
} from './preview-helpers.ts';
import { TestClient } from './test-app.ts';

type Person = Awaited<ReturnType<typeof signedUpUser>>;

interface TypeState {
  type: string;
  enabledIntegrationId: string | null;
  integrations: { id: string; name: string; provider: string }[];
}

const ANON_KEY = 'anon-key-public-4f1c2b';
const SERVICE_ROLE_KEY = 'service-role-secret-9a8b7c';
const DB_PASSWORD = 'dbpasswordsecret5d6e';

async function body<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/**
 * Every regular file under `dir` (links not followed: the shared pnpm store is not Kiln's output).
 * Kiln keeps working while the test reads (a workspace removed after its build, a standby
 * refilled): a folder or file that vanishes in between is skipped, not an error.
 */
function walk(dir: string, out: string[] = []): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return out;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** A file's bytes, or null when it went away since it was listed. */
function readIfThere(file: string): Buffer | null {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

describe('chat integrations (issue 16 items 2 and 4)', () => {
  let kiln: TestKiln;
  let ada: Person;
  let bob: Person;
  let supabase: string;
  let supabase2: string;
  let bobs: string;

  const create = async (person: Person, json: unknown) =>
    (await body<{ id: string }>(await person.client.request('/api/integrations', { method: 'POST', json })))
      .id;
  const supabaseCredentials = (anonKey: string) => ({
    projectUrl: 'http://127.0.0.1:54321',
    anonKey,
    serviceRoleKey: SERVICE_ROLE_KEY,
    databaseUrl: `postgresql://postgres:${DB_PASSWORD}@127.0.0.1:5432/postgres`,
  });
  const put = (client: TestClient, chatId: string, type: string, integrationId: string) =>
    client.request(`/api/chats/${chatId}/integrations/${type}`, { method: 'PUT', json: { integrationId } });

  beforeAll(async () => {
    kiln = await createPreviewKiln({ KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true' });
    ada = await signedUpUser(kiln, { name: 'Ada', premium: true });
    bob = await signedUpUser(kiln, { name: 'Bob', premium: true });
    const db = { name: 'Shop DB', type: 'database', provider: 'supabase' };
    supabase = await create(ada, { ...db, credentials: supabaseCredentials(ANON_KEY) });
    supabase2 = await create(ada, {
      ...db,
      name: 'Other DB',
      credentials: supabaseCredentials('anon-other'),
    });
    bobs = await create(bob, { ...db, credentials: supabaseCredentials('anon-bob') });
  });
  afterAll(async () => {
    await kiln?.close();
  });

  it('enables, switches and disables one integration per type', async () => {
    const chat = await createChat(ada.client);
    const list = async () =>
      (await body<{ types: TypeState[] }>(await ada.client.request(`/api/chats/${chat.id}/integrations`)))
        .types;
    const database = (types: TypeState[]) => types.find((t) => t.type === 'database')!;

    const initial = await list();
    expect(initial.map((t) => t.type)).toEqual(['database', 'payments', 'storage', 'email', 'auth']);
    expect(database(initial)).toEqual({
      type: 'database',
      enabledIntegrationId: null,
      integrations: [
        { id: supabase, name: 'Shop DB', provider: 'supabase' },
        { id: supabase2, name: 'Other DB', provider: 'supabase' },
      ],
    });

    expect((await put(ada.client, chat.id, 'database', supabase)).status).toBe(200);
    expect(database(await list()).enabledIntegrationId).toBe(supabase);
    expect(await kiln.services.chatIntegrations.publicEnv(chat.id)).toEqual({
      VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
      VITE_SUPABASE_ANON_KEY: ANON_KEY,
    });

    // Switching replaces: still one per type.
    expect((await put(ada.client, chat.id, 'database', supabase2)).status).toBe(200);
    expect(database(await list()).enabledIntegrationId).toBe(supabase2);
    expect((await kiln.services.chatIntegrations.publicEnv(chat.id)).VITE_SUPABASE_ANON_KEY).toBe(
      'anon-other',
    );

    // An integration of another type is refused.
    expect((await put(ada.client, chat.id, 'payments', supabase)).status).toBe(400);

    const removed = await ada.client.request(`/api/chats/${chat.id}/integrations/database`, {
      method: 'DELETE',
    });
    expect(removed.status).toBe(200);
    expect(database(await list()).enabledIntegrationId).toBeNull();
    expect(await kiln.services.chatIntegrations.publicEnv(chat.id)).toEqual({});
  });

  it("another person's integration is 404; visitor 401, free owner 402, stranger 403", async () => {
    const chat = await createChat(ada.client);
    expect((await put(ada.client, chat.id, 'database', bobs)).status).toBe(404);

    const visitor = new TestClient(kiln);
    expect((await visitor.request(`/api/chats/${chat.id}/integrations`)).status).toBe(401);
    expect((await put(visitor, chat.id, 'database', supabase)).status).toBe(401);

    expect((await bob.client.request(`/api/chats/${chat.id}/integrations`)).status).toBe(403);
    expect((await put(bob.client, chat.id, 'database', bobs)).status).toBe(403);
    expect(
      (await bob.client.request(`/api/chats/${chat.id}/integrations/database`, { method: 'DELETE' })).status,
    ).toBe(403);

    const free = await signedUpUser(kiln, { name: 'Free' });
    const freeChat = await createChat(free.client);
    expect((await free.client.request(`/api/chats/${freeChat.id}/integrations`)).status).toBe(402);
    expect((await put(free.client, freeChat.id, 'database', supabase)).status).toBe(402);
  });

  it('a React preview holds the anon key and no secret; the zip has .env.example with names only', async () => {
    kiln.services.preview.start();
    // The whole env object: Vite inlines every VITE_ variable of .env.local, a leaked secret included.
    const app = `export default function App() {\n  return <pre>{JSON.stringify(import.meta.env)}</pre>;\n}\n`;
    const { chatId, version } = await createVersion(kiln, {
      userId: ada.userId,
      framework: 'react',
      files: templateWith('react', { 'src/App.tsx': app }),
    });
    expect((await put(ada.client, chatId, 'database', supabase)).status).toBe(200);
    await kiln.services.preview.requestBuild(chatId, version);
    expect((await waitForBuild(kiln, chatId, version)).status).toBe('ready');

    // Every file Kiln wrote (workspaces, built outputs, database), links into the shared store aside.
    const files = walk(kiln.dataDir);
    const holding = (secret: string) =>
      files.filter((file) => readIfThere(file)?.includes(Buffer.from(secret)));
    const built = holding(ANON_KEY).filter((file) => file.endsWith('.js'));
    expect(built.length).toBeGreaterThan(0);
    expect(holding(SERVICE_ROLE_KEY)).toEqual([]);
    expect(holding(DB_PASSWORD)).toEqual([]);

    const zip = await ada.client.request(`/api/chats/${chatId}/versions/${version}/zip`);
    expect(zip.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const example = strFromU8(entries['.env.example']!);
    expect(example).toMatch(/^VITE_SUPABASE_ANON_KEY=$/m);
    expect(example).toMatch(/^VITE_SUPABASE_URL=$/m);
    for (const [name, bytes] of Object.entries(entries))
      for (const value of [ANON_KEY, SERVICE_ROLE_KEY, DB_PASSWORD, '127.0.0.1:54321'])
        expect(strFromU8(bytes).includes(value), `${name} holds ${value}`).toBe(false);
  });
});
