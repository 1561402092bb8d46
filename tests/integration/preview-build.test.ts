import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import {
  createPreviewKiln,
  createUser,
  createVersion,
  previewHost,
  templateWith,
  waitForBuild,
  type TestKiln,
} from './preview-helpers.ts';

/** Each framework's main component, changed so the test can see this version rendered. */
const CHANGES: Record<string, Record<string, string>> = {
  react: {
    'src/App.tsx': `export default function App() {\n  return <h1 className="text-3xl text-blue-600">Hello from the React preview</h1>;\n}\n`,
  },
  vue: {
    'src/App.vue': `<template>\n  <h1 class="text-3xl text-blue-600">Hello from the Vue preview</h1>\n</template>\n`,
  },
  svelte: {
    'src/App.svelte': `<script lang="ts">\n  let name = 'Svelte';\n</script>\n\n<h1 class="text-3xl text-blue-600">Hello from the {name} preview</h1>\n`,
  },
  angular: {
    'src/app/app.html': `<h1 class="text-3xl text-blue-600">Hello from the {{ title }} preview</h1>\n`,
    'src/app/app.ts': `import { Component } from '@angular/core';\n\n@Component({ selector: 'app-root', templateUrl: './app.html' })\nexport class App {\n  protected readonly title = 'Angular';\n}\n`,
  },
};

describe('the preview pipeline builds every template and the page renders in Chromium', () => {
  let kiln: TestKiln;
  let server: ServerType;
  let port: number;
  let browser: Browser;
  let userId: string;

  beforeAll(async () => {
    // Builds through the standbys (decision 0036), which test Kilns have off unless asked.
    kiln = await createPreviewKiln({ KILN_PREVIEW_STANDBY: 'true' });
    kiln.services.preview.start();
    // Every framework then builds through its standby (decision 0036).
    await kiln.services.preview.standbysReady();
    userId = await createUser(kiln);
    server = serve({ fetch: kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    });
  });

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await kiln?.close();
  });

  for (const framework of ['react', 'vue', 'svelte', 'angular']) {
    it(`${framework}: initializing → processing → starting → ready, is_built, served on its preview host`, async () => {
      const { chatId, version } = await createVersion(kiln, {
        userId,
        framework,
        files: templateWith(framework, CHANGES[framework]!),
      });
      const events: string[] = [];
      const unsubscribe = kiln.services.realtime.subscribe(chatId, (event) => {
        events.push(event.type === 'build-status' ? event.status : event.type);
      });
      await kiln.services.preview.requestBuild(chatId, version);
      const state = await waitForBuild(kiln, chatId, version);
      unsubscribe();
      expect(state).toEqual({ status: 'ready' });
      expect(events).toEqual([
        'initializing',
        'initializing',
        'processing',
        'starting',
        'message-update',
        'ready',
        'preview-ready',
      ]);

      const response = await kiln.app.request('/', { headers: { host: previewHost(chatId, version) } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('content-security-policy')).toContain('frame-ancestors');

      const page = await browser.newPage();
      await page.goto(`http://${previewHost(chatId, version)}:${port}/some/client/route`);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor({ timeout: 20_000 });
      expect(await heading.textContent()).toMatch(/Hello from the (React|Vue|Svelte|Angular) preview/i);
      // Tailwind ran: text-blue-600 is a real colour, not the default black.
      const color = await heading.evaluate((element) => getComputedStyle(element).color);
      expect(color).not.toBe('rgb(0, 0, 0)');
      await page.close();
    }, 300_000);
  }

  it('the same content again is ready at once from the output cache, without a build', async () => {
    const files = templateWith('react', CHANGES.react!);
    const { chatId, version } = await createVersion(kiln, { userId, framework: 'react', files });
    // Ready as soon as it is requested: a build would pass through 'initializing' first.
    await kiln.services.preview.requestBuild(chatId, version);
    expect(await kiln.services.preview.getState(chatId, version)).toEqual({ status: 'ready' });
  });
});
