import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppRoutes } from '../../src/server/http/static.ts';
import { createUser, createVersion, type TestKiln } from './preview-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';

/**
 * KILN_PREVIEW_HOST (issue 12 item 2): previews may live on a registrable domain of their own,
 * so a generated page is another *site* than the app and its requests carry no app cookie.
 */
describe('KILN_PREVIEW_HOST moves previews to a domain of their own', () => {
  let kiln: TestKiln;
  let ownerId: string;

  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_HOST: 'kiln.test', KILN_PREVIEW_HOST: 'kiln-preview.test' });
    ownerId = await createUser(kiln);
  });
  afterAll(async () => kiln?.close());

  it('preview hosts under it are routed to the version; the old preview.{KILN_HOST} is not', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: ownerId,
      framework: 'react',
      files: [{ name: 'src/App.tsx', content: 'export default () => <p>hi</p>;' }],
    });
    for (const host of [
      `${chatId}-${version}.kiln-preview.test:3000`,
      `${chatId}-${version}.webcontainer.kiln-preview.test`,
    ]) {
      const response = await kiln.app.request('/', { headers: { host } });
      expect(response.status, host).toBe(202);
      expect(await response.text()).toContain('Building preview');
    }
    const old = await kiln.app.request('/', {
      headers: { host: `${chatId}-${version}.preview.kiln.test:3000` },
    });
    expect(await old.text()).not.toContain('Building preview');
  });

  it('preview URLs the server hands out use it, with the public address’s scheme and port', async () => {
    const owner = new TestClient(kiln);
    await owner.signUp('preview-host@example.com');
    const { chatId, version } = await createVersion(kiln, {
      userId: (await owner.me()).user!.id,
      framework: 'vue',
      files: [{ name: 'src/App.vue', content: '<template><p>x</p></template>' }],
    });
    const body = (await (await owner.request(`/api/chats/${chatId}/preview/${version}`)).json()) as {
      url: string;
    };
    expect(body.url).toBe(`http://${chatId}-${version}.kiln-preview.test:3000/`);
    // HTML versions too have a preview host of their own (decision 0038).
    expect(kiln.services.preview.previewUrl(chatId, version)).toBe(
      `http://${chatId}-${version}.kiln-preview.test:3000/`,
    );
  });

  it('the web app is told the preview hosts in its page (it builds "Open in a new tab" from them)', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-web-'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<html><head><title>Kiln</title></head><body></body></html>',
    );
    try {
      const app = webAppRoutes(webRoot, kiln.services.config.previewHosts);
      for (const page of ['/', '/components/some-slug']) {
        const html = await (await app.request(page)).text();
        expect(html, page).toContain('<meta name="kiln-preview-host" content="kiln-preview.test">');
        expect(html, page).toContain(
          '<meta name="kiln-webcontainer-host" content="webcontainer.kiln-preview.test">',
        );
      }
    } finally {
      fs.rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
