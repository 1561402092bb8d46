import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/server/config.ts';
import { createKiln } from '../../../src/server/main.ts';
import { createUser, createVersion, templateWith, type TestKiln } from '../preview-helpers.ts';
import {
  dataDirWithSharedStore,
  HELD_BUILD_SCRIPT,
  RELEASE,
  STARTED,
  waitForHeldBuild,
} from './held-build.ts';
import { startKilnProcess, type KilnProcess } from './kiln-process.ts';

/**
 * The preview page as a browser gets it from the version's own host. A fresh connection each time:
 * a kept-alive one the server closed while idle was reused on a loaded machine (ECONNRESET in a
 * stress CI run), a race of the test's client, not of Kiln.
 */
function previewPage(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/`, { headers: { host }, agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/**
 * Issue 21 item 6, "kill -9 during a build": the server dies while a version builds (its output
 * half written). After a restart the build runs again and the preview shows the whole output;
 * the half-written one is never served.
 */
describe('faults: kill -9 during a build', () => {
  const cleanups: Array<() => Promise<unknown> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('rebuilds after a restart and serves only the complete output', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-fault-build-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    dataDirWithSharedStore(dataDir);
    // The embedded database in the data folder: a public chat whose version's build is held.
    const env = { KILN_DATA_DIR: dataDir, KILN_BUILD_TIMEOUT_MS: '240000', KILN_PREVIEW_STANDBY: 'false' };
    const setup = await createKiln(parseConfig(env));
    const packageJson = JSON.parse(
      templateWith('react', {}).find((file) => file.name === 'package.json')!.content,
    );
    packageJson.scripts.build = 'node fault-build.mjs';
    const { chatId } = await createVersion(setup as TestKiln, {
      userId: await createUser(setup as TestKiln),
      framework: 'react',
      files: templateWith('react', {
        'package.json': JSON.stringify(packageJson, null, 2),
        'fault-build.mjs': HELD_BUILD_SCRIPT,
      }),
    });
    await setup.close();
    let kiln: KilnProcess = await startKilnProcess(env, { worker: true });
    cleanups.push(() => kiln.kill());
    const state = async (server: KilnProcess) =>
      (await (await server.request(`/api/chats/${chatId}/preview/1`)).json()) as { status: string };
    const host = `${chatId}-1.preview.localhost`;

    // The build starts, writes half its output, and the server is killed there.
    expect(['initializing', 'processing', 'starting', 'idle']).toContain((await state(kiln)).status);
    const first = await waitForHeldBuild(dataDir);
    expect(fs.readFileSync(path.join(first, 'dist', 'index.html'), 'utf8')).toBe('<p>HALF');
    await kiln.kill();
    fs.rmSync(path.join(first, STARTED));

    // After a restart: the version is not ready, its page is not the half output; the build runs again.
    kiln = await startKilnProcess(env, { worker: true });
    expect((await state(kiln)).status).not.toBe('ready');
    const page = previewPage(kiln.url, host);
    const second = await waitForHeldBuild(dataDir);
    fs.writeFileSync(path.join(second, RELEASE), '');
    for (;;) {
      const now = (await state(kiln)).status;
      if (now === 'ready') break;
      expect(['initializing', 'processing', 'starting', 'idle']).toContain(now);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const served of [await page, await previewPage(kiln.url, host)]) {
      expect(served.body).not.toContain('HALF');
    }
    const ready = await previewPage(kiln.url, host);
    expect(ready.status).toBe(200);
    expect(ready.body).toContain('<p>COMPLETE</p>');
  }, 400_000);
});
