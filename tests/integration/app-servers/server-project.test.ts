/**
 * Issue 22 item 3 through the real pipeline: a SvelteKit app with server code (the corpus's
 * `sv create --template demo`) builds with adapter-node, keeps its workspace, and its preview host
 * and its deployment send every request to its own server (a server load and a form action). A
 * process that lacks the kept workspace (another process built it) builds it here and serves it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_FOR_APP_SERVER } from '../../../src/server/app-servers/app-response.ts';
import { previewAppKey } from '../../../src/server/app-servers/app-routing.ts';
import { loadPreviewVersion } from '../../../src/server/preview/versions.ts';
import { storeAsset } from '../../../src/server/storage/assets.ts';
import { signedUpUser } from '../generation-helpers.ts';
import { buildVersion, createPreviewKiln, previewHost, type TestKiln } from '../preview-helpers.ts';
import { loadCorpus, projectFiles } from '../real-projects-harness.ts';

let kiln: TestKiln;
let owner: Awaited<ReturnType<typeof signedUpUser>>;
let built: { chatId: string; version: number };

beforeAll(async () => {
  kiln = await createPreviewKiln();
  kiln.services.preview.start();
  owner = await signedUpUser(kiln, { premium: true });
  const entry = loadCorpus().find((project) => project.id === 'sveltekit-demo')!;
  const result = await buildVersion(kiln, {
    userId: owner.userId,
    framework: 'svelte',
    files: await Promise.all(
      projectFiles(entry).map(async (file) =>
        /\.(png|webp)$/.test(file.name)
          ? {
              name: file.name,
              content: '',
              binary: {
                kind: 'blob' as const,
                ...(await storeAsset(
                  kiln.services.blobs,
                  file.bytes,
                  file.name.endsWith('.png') ? 'image/png' : 'image/webp',
                )),
              },
            }
          : { name: file.name, content: file.bytes.toString('utf8') },
      ),
    ),
  });
  expect(result.state.status, JSON.stringify(result.state)).toBe('ready');
  built = result;
}, 600_000);

afterAll(async () => {
  await kiln?.close();
});

function on(host: string, pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('host', host);
  return kiln.app.request(`http://${host}${pathname}`, { ...init, headers });
}

const preview = () => previewHost(built.chatId, built.version);

describe('a server-rendered SvelteKit app', () => {
  it('is served by its own server on the preview host: a server load and a form action with its cookie', async () => {
    // A page load waits for the cold server (a person's browser gets 'Starting' after 1.5 s and
    // reloads; on a loaded machine the server may take longer than that to listen).
    const page = await on(preview(), '/sverdle', {
      headers: { accept: 'text/html', [WAIT_FOR_APP_SERVER]: '1' },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sverdle');
    // Kiln's frame scripts are in its pages like in a static build's.
    expect(html).toContain('kiln');
    const form = new URLSearchParams({ key: 'a' });
    const action = await on(preview(), '/sverdle?/update', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: `http://${preview()}`,
        accept: 'application/json',
      },
      body: form.toString(),
    });
    expect(action.status).toBe(200);
    expect(action.headers.getSetCookie().join('\n')).toMatch(/sverdle=/);
    expect(action.headers.getSetCookie().join('\n')).not.toMatch(/domain=/i);
  });

  it('builds its workspace here when this machine does not have it, then serves it', async () => {
    const workspaces = path.join(kiln.dataDir, 'app-servers', 'workspaces');
    const [kept] = fs.readdirSync(workspaces).filter((name) => !name.endsWith('.layer'));
    expect(kept).toBeDefined();
    const version = await loadPreviewVersion(kiln.services.db, built.chatId, built.version);
    const outputDir = await kiln.services.preview.outputDirOf(version!);
    await kiln.services.apps.stop(previewAppKey(built.chatId, built.version, outputDir!));
    fs.rmSync(path.join(workspaces, kept!), { recursive: true, force: true });
    fs.rmSync(path.join(workspaces, `${kept!}.layer`), { recursive: true, force: true });
    const page = await on(preview(), '/sverdle');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sverdle');
    expect(fs.existsSync(path.join(workspaces, kept!))).toBe(true);
  }, 600_000);

  it('its deployment runs its own server too', async () => {
    const deployed = await owner.client.request(`/api/chats/${built.chatId}/deployment`, {
      method: 'POST',
      json: { subdomain: 'sverdle-site', version: built.version },
    });
    expect(deployed.status, await deployed.clone().text()).toBe(200);
    const page = await on('sverdle-site.localhost:3000', '/sverdle', {
      headers: { accept: 'text/html', [WAIT_FOR_APP_SERVER]: '1' },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sverdle');
    expect((await on('sverdle-site.localhost:3000', '/.kiln-app/app.json')).status).toBe(404);
  }, 600_000);
});
