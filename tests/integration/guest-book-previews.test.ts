import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREACHABLE_TEXT } from '../../src/server/ai/demo/backend/migration.ts';
import { chats } from '../../src/server/db/schema/index.ts';
import { createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, previewHost, waitForBuild, type TestKiln } from './preview-helpers.ts';

const ANON_KEY = 'anon-key-public-guestbook-6b1d';
const SERVICE_ROLE_KEY = 'service-role-secret-guestbook-2f7e';
const DB_PASSWORD = 'dbpasswordsecretguestbook9c3a';
const PROJECT_URL = 'http://127.0.0.1:54329';

/**
 * SLOW (real `@supabase/supabase-js` install from the npm registry and a build per framework,
 * minutes on a loaded machine): the demo model's guest book (issue 16 item 3), asked in a chat
 * with a Supabase database enabled, builds as a preview in React, Vue, Svelte and Angular, its
 * bundle holding the public URL and anon key (`VITE_`, `NG_APP_`) and no secret.
 */
describe('SLOW: the demo guest book builds as a preview in each built framework (issue 16 item 3)', () => {
  let kiln: TestKiln;
  let person: Awaited<ReturnType<typeof signedUpUser>>;
  let integrationId: string;

  beforeAll(async () => {
    kiln = await createPreviewKiln({ KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true', KILN_DEMO_DELAY_MS: '0' });
    kiln.services.preview.start();
    person = await signedUpUser(kiln, { premium: true });
    const created = await person.client.request('/api/integrations', {
      method: 'POST',
      json: {
        name: 'Guest book project',
        type: 'database',
        provider: 'supabase',
        credentials: {
          projectUrl: PROJECT_URL,
          anonKey: ANON_KEY,
          serviceRoleKey: SERVICE_ROLE_KEY,
          databaseUrl: `postgresql://postgres:${DB_PASSWORD}@127.0.0.1:5432/postgres`,
        },
      },
    });
    expect(created.status).toBe(201);
    integrationId = ((await created.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await kiln?.close();
  });

  /** The built page and the scripts it names, read from the preview host. */
  async function builtTexts(chatId: string, version: number): Promise<string[]> {
    const host = previewHost(chatId, version);
    const page = await (await kiln.app.request('/', { headers: { host } })).text();
    const scripts = [...page.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    const texts = [page];
    for (const src of scripts) {
      const response = await kiln.app.request(new URL(src, `http://${host}/`).pathname, {
        headers: { host },
      });
      expect(response.status).toBe(200);
      texts.push(await response.text());
    }
    return texts;
  }

  it.each(['react', 'vue', 'svelte', 'angular'])(
    '%s',
    async (framework) => {
      const chat = await createChat(person.client, framework, 'A guest book');
      await kiln.services.db.update(chats).set({ isPrivate: false }).where(eq(chats.id, chat.id));
      const enabled = await person.client.request(`/api/chats/${chat.id}/integrations/database`, {
        method: 'PUT',
        json: { integrationId },
      });
      expect(enabled.status).toBe(200);
      const { response, text, version } = await generate(person.client, {
        id: chat.id,
        prompt: 'A guest book',
      });
      expect(response.status).toBe(200);
      expect(text).toContain('supabase/migrations/20260101000000_guest_book.sql');

      const state = await waitForBuild(kiln, chat.id, version, 540_000);
      expect(state).toEqual({ status: 'ready' });
      const bundle = (await builtTexts(chat.id, version)).join('\n');
      // The component, the client on the public values, and the friendly state, all built in.
      expect(bundle).toContain('guest_book');
      expect(bundle).toContain(UNREACHABLE_TEXT);
      expect(bundle).toContain(ANON_KEY);
      expect(bundle).toContain(PROJECT_URL);
      expect(bundle).not.toContain(SERVICE_ROLE_KEY);
      expect(bundle).not.toContain(DB_PASSWORD);
    },
    600_000,
  );
});
