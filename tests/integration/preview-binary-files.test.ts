import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64 } from '../../src/core/artifact/index.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { makePng } from '../fixtures/png.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, previewHost, waitForBuild, type TestKiln } from './preview-helpers.ts';

/** Noisy, so larger than Vite's 4 KB inline limit: the build emits it as a file of its own. */
const BUNDLED = makePng(48, 48, 3, true);
const BRAND = makePng(20, 10, 5);

const ANSWER = `<kilnArtifact title="Logo page">
<kilnFile name="src/App.tsx">
import icon from './assets/icon.png';

export default function App() {
  return (
    <main>
      <img id="bundled" src={icon} alt="Icon" />
      <img id="public" src="/brand.png" alt="Brand" />
    </main>
  );
}
</kilnFile>
<kilnFile name="src/assets/icon.png" encoding="base64">
${encodeBase64(BUNDLED)}
</kilnFile>
<kilnFile name="public/brand.png" attachment="brand.png" />
</kilnArtifact>`;

describe('a preview build of a version with binary files (decision 0039): the real sandboxed build', () => {
  let llm: FakeLlm;
  let kiln: TestKiln;
  let server: ServerType;
  let port: number;
  let browser: Browser;

  beforeAll(async () => {
    llm = await startFakeLlm();
    kiln = await createPreviewKiln({
      KILN_MODEL: 'openai:fake-model',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
      // The install-and-build path (a standby is covered by the standby tests).
      KILN_PREVIEW_STANDBY: 'false',
    });
    kiln.services.preview.start();
    server = serve({ fetch: kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await kiln?.close();
    await llm?.close();
  });

  it('an imported ./assets image and a public/ image reach the built page with their exact bytes', async () => {
    const { client } = await signedUpUser(kiln, { premium: true });
    const chat = await createChat(client, 'react');
    llm.enqueue({ chunks: chunkText(ANSWER) });
    const logo = new File([BRAND], 'brand.png', { type: 'image/png' });
    const { version } = await generate(client, { id: chat.id, prompt: 'use this logo' }, [logo]);
    await kiln.services.generation.settle();

    expect(await waitForBuild(kiln, chat.id, version)).toEqual({ status: 'ready' });
    const host = previewHost(chat.id, version);
    const served = await kiln.app.request('/brand.png', { headers: { host } });
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(BRAND);

    const page = await browser.newPage();
    await page.goto(`http://${host}:${port}/`);
    for (const id of ['bundled', 'public']) {
      await page.waitForFunction(
        (selector) => {
          const image = document.getElementById(selector) as HTMLImageElement | null;
          return image !== null && image.complete && image.naturalWidth > 0;
        },
        id,
        { timeout: 30_000 },
      );
    }
    const bundledUrl = await page.locator('#bundled').getAttribute('src');
    expect(bundledUrl).toMatch(/^\/assets\/icon-[\w-]+\.png$/);
    expect(await page.locator('#bundled').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(48);
    expect(await page.locator('#public').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(20);
    await page.close();
    const bundled = await kiln.app.request(bundledUrl!, { headers: { host } });
    expect(new Uint8Array(await bundled.arrayBuffer())).toEqual(BUNDLED);
  }, 300_000);
});
