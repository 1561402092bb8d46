import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/db/schema/index.ts';
import { signedUpUser } from './generation-helpers.ts';
import {
  createPreviewKiln,
  createUser,
  createVersion,
  previewHost,
  templateWith,
  waitForBuild,
  type TestKiln,
} from './preview-helpers.ts';
import type { TestClient } from './test-app.ts';

/** A small change to each framework's blank template, so every source version is its own build. */
const FILES: Record<string, { name: string; content: string }[]> = {
  html: [{ name: 'index.html', content: '<!doctype html><html><body><h1>Remix me</h1></body></html>' }],
  react: templateWith('react', {
    'src/App.tsx': 'export default function App() {\n  return <h1>Remix me (React)</h1>;\n}\n',
  }),
  vue: templateWith('vue', { 'src/App.vue': '<template>\n  <h1>Remix me (Vue)</h1>\n</template>\n' }),
  svelte: templateWith('svelte', { 'src/App.svelte': '<h1>Remix me (Svelte)</h1>\n' }),
  angular: templateWith('angular', { 'src/app/app.html': '<h1>Remix me (Angular)</h1>\n' }),
};

/** Issue 12 item 11: a remix's version previews like any other. */
describe('a remixed version previews like a generated one', () => {
  let kiln: TestKiln;
  let authorId: string;
  let fan: TestClient;

  beforeAll(async () => {
    // Builds through the standbys (decision 0036), which test Kilns have off unless asked.
    kiln = await createPreviewKiln({ KILN_PREVIEW_STANDBY: 'true' });
    kiln.services.preview.start();
    // Every framework then builds through its standby (decision 0036), without an install.
    await kiln.services.preview.standbysReady();
    authorId = await createUser(kiln);
    ({ client: fan } = await signedUpUser(kiln, { premium: true }));
  }, 600_000);
  afterAll(async () => kiln?.close());

  async function isBuilt(chatId: string): Promise<boolean> {
    const [row] = await kiln.services.db
      .select({ isBuilt: messages.isBuilt })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.role, 'assistant'), eq(messages.version, 1)));
    return row!.isBuilt;
  }

  async function previewState(chatId: string) {
    const response = await fan.request(`/api/chats/${chatId}/preview/1`);
    expect(response.status).toBe(200);
    return (await response.json()) as { status: string; url: string };
  }

  for (const framework of Object.keys(FILES)) {
    it(`${framework}: remixing a built version queues the remix's build; its preview is ready`, async () => {
      const source = await createVersion(kiln, { userId: authorId, framework, files: FILES[framework]! });
      await kiln.services.preview.requestBuild(source.chatId, 1);
      expect(await waitForBuild(kiln, source.chatId, 1)).toEqual({ status: 'ready' });

      const response = await fan.request(`/api/chats/${source.chatId}/remix`, {
        method: 'POST',
        json: { version: 1 },
      });
      expect(response.status).toBe(201);
      const remix = (await response.json()) as { chatId: string };
      // Queued by the remix itself, before anyone looks: the same content is ready from the cache.
      expect(await isBuilt(remix.chatId)).toBe(true);

      const state = await previewState(remix.chatId);
      expect(state.status).toBe('ready');
      expect(state.url).toBe(kiln.services.preview.previewUrl(remix.chatId, 1));
      if (framework !== 'html') {
        const page = await kiln.app.request('/', { headers: { host: previewHost(remix.chatId, 1) } });
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toContain('text/html');
      }
    }, 300_000);
  }

  it('a finished version whose build nobody queued is queued by its first view, then built', async () => {
    // A path that forgets to queue (as remix did): the version is finished, no job exists.
    const files = templateWith('react', {
      'src/App.tsx': 'export default function App() {\n  return <h1>Never queued</h1>;\n}\n',
    });
    const { chatId } = await createVersion(kiln, { userId: authorId, framework: 'react', files });
    await kiln.services.preview.standbysReady();

    expect((await previewState(chatId)).status).not.toBe('idle');
    expect(await waitForBuild(kiln, chatId, 1)).toEqual({ status: 'ready' });
    expect((await previewState(chatId)).status).toBe('ready');
    expect(await isBuilt(chatId)).toBe(true);
  }, 300_000);

  it('a finished version with already built content is ready on its first view', async () => {
    const built = await createVersion(kiln, { userId: authorId, framework: 'vue', files: FILES.vue! });
    await kiln.services.preview.requestBuild(built.chatId, 1); // cached when the vue case ran
    expect(await waitForBuild(kiln, built.chatId, 1)).toEqual({ status: 'ready' });

    const { chatId } = await createVersion(kiln, { userId: authorId, framework: 'vue', files: FILES.vue! });
    expect(await previewState(chatId)).toMatchObject({ status: 'ready' });
  }, 300_000);
});
