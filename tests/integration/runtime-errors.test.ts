import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStack, type SourceFrame } from '../../src/core/preview/runtime-errors.ts';
import { loadPreviewVersion } from '../../src/server/preview/versions.ts';
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

/**
 * Issue 19 item 4: a preview build writes source maps (a deployment's never), and
 * POST /api/chats/:id/preview/:version/stack maps the stack Chromium gives for an error in the
 * built bundle back to the generated source file and line.
 */
const FIXTURES = {
  react: {
    file: 'src/App.tsx',
    line: 4,
    changes: {
      'src/App.tsx': `import { useState } from 'react';\nexport default function App() {\n  const [count] = useState(0);\n  if (count === 0) throw new Error('Kiln fixture: React threw at start');\n  return <h1>never</h1>;\n}\n`,
    },
  },
  vue: {
    file: 'src/App.vue',
    line: 3,
    changes: {
      'src/App.vue': `<script lang="ts">\nconst ready = Math.random() > 2;\nif (!ready) throw new Error('Kiln fixture: Vue threw at start');\nexport default {};\n</script>\n\n<template>\n  <h1>never</h1>\n</template>\n`,
    },
  },
} as const;

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('runtime errors: source maps of preview builds, stacks mapped to the sources', () => {
  let kiln: TestKiln;
  let server: ServerType;
  let port: number;
  let browser: Browser;
  let userId: string;

  beforeAll(async () => {
    // Builds through the standbys (decision 0036), which test Kilns have off unless asked.
    kiln = await createPreviewKiln({ KILN_PREVIEW_STANDBY: 'true' });
    kiln.services.preview.start();
    await kiln.services.preview.standbysReady();
    userId = await createUser(kiln);
    server = serve({ fetch: kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
    await kiln?.close();
  });

  for (const [framework, fixture] of Object.entries(FIXTURES)) {
    it(`${framework}: the error thrown at start maps to ${fixture.file}:${fixture.line}`, async () => {
      const files = templateWith(framework, fixture.changes);
      const { chatId, version } = await createVersion(kiln, { userId, framework, files });
      await kiln.services.preview.requestBuild(chatId, version);
      expect(await waitForBuild(kiln, chatId, version)).toEqual({ status: 'ready' });

      const page = await browser.newPage();
      const thrown = page.waitForEvent('pageerror');
      await page.goto(`http://${previewHost(chatId, version)}:${port}/`);
      const error = await thrown;
      await page.close();
      const frames = parseStack(error.stack ?? '');
      expect(frames.length).toBeGreaterThan(0);

      const response = await kiln.app.request(`/api/chats/${chatId}/preview/${version}/stack`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ frames }),
      });
      expect(response.status).toBe(200);
      const mapped = ((await response.json()) as { frames: (SourceFrame | null)[] }).frames;
      expect(mapped).toHaveLength(frames.length);
      expect(mapped[0]).toMatchObject({ file: fixture.file, line: fixture.line });
    }, 300_000);
  }

  it("a deployment's build of the same version writes no source maps; the preview's does", async () => {
    const files = templateWith('react', FIXTURES.react.changes);
    const { chatId, version } = await createVersion(kiln, { userId, framework: 'react', files });
    await kiln.services.preview.requestBuild(chatId, version);
    expect(await waitForBuild(kiln, chatId, version)).toEqual({ status: 'ready' });
    const found = (await loadPreviewVersion(kiln.services.db, chatId, version))!;
    const previewDir = (await kiln.services.preview.outputDirOf(found))!;
    expect(filesUnder(previewDir).some((file) => file.endsWith('.js.map'))).toBe(true);

    const deadline = Date.now() + 240_000;
    let state = await kiln.services.preview.getState(chatId, version, { clean: true });
    while (state.status !== 'ready' && state.status !== 'error' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await kiln.services.preview.getState(chatId, version, { clean: true });
    }
    expect(state).toEqual({ status: 'ready' });
    const cleanDir = (await kiln.services.preview.outputDirOf(found, { clean: true }))!;
    expect(cleanDir).not.toBe(previewDir);
    expect(filesUnder(cleanDir).filter((file) => file.endsWith('.map'))).toEqual([]);
  }, 300_000);

  it('refuses a malformed request', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId,
      framework: 'react',
      files: templateWith('react', {}),
    });
    const response = await kiln.app.request(`/api/chats/${chatId}/preview/${version}/stack`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ frames: [{ url: 'x', line: 0, column: 1 }] }),
    });
    expect(response.status).toBe(400);
  });
});
