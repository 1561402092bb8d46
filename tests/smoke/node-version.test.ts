/**
 * The smoke run of a Node version that does not run the whole suite (issue 32 item 2): `.ci/run`
 * runs it on every supported Node but the suite's. It proves what differs between versions —
 * Kiln boots with `npm start` (the compiled server, the web bundle), each framework's template
 * builds in the sandbox on this Node and is served, the demo model generates a version, and an
 * app server starts in bubblewrap on this Node and answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSnapshot } from '../../src/core/artifact/index.ts';
import { AppServers } from '../../src/server/app-servers/manager.ts';
import { detectSandbox } from '../../src/server/preview/sandbox.ts';
import { chatData, createChat, generate, signedUpUser } from '../integration/generation-helpers.ts';
import {
  buildVersion,
  createPreviewKiln,
  createUser,
  previewHost,
  templateWith,
  type TestKiln,
} from '../integration/preview-helpers.ts';

const REPO = path.join(import.meta.dirname, '..', '..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The environment a person's shell gives `npm start`: without the test runner's NODE_ENV and VITEST*. */
function personsEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
  );
}

describe(`Node ${process.version}`, () => {
  it('boots with npm start and answers its health check and home page', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-smoke-'));
    const port = await freePort();
    let child: ChildProcess | undefined;
    try {
      child = spawn(process.execPath, ['--max-semi-space-size=4', 'scripts/start.mjs'], {
        cwd: REPO,
        env: {
          ...personsEnv(),
          PORT: String(port),
          KILN_DATA_DIR: dataDir,
          DATABASE_URL: '',
          KILN_LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      const deadline = Date.now() + 240_000;
      let health: Response | null = null;
      while (Date.now() < deadline && child.exitCode === null) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        if (health?.ok) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(health?.status, output.slice(-2000)).toBe(200);
      const home = await fetch(`http://localhost:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root"');
    } finally {
      child?.kill('SIGTERM');
      await new Promise((resolve) =>
        child?.exitCode !== null ? resolve(null) : child?.once('exit', resolve),
      );
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('with a Kiln in this process', () => {
    let kiln: TestKiln;
    beforeAll(async () => {
      kiln = await createPreviewKiln({ KILN_PREVIEW_STANDBY: 'false', KILN_DEMO_DELAY_MS: '0' });
      kiln.services.preview.start();
    });
    afterAll(async () => kiln?.close());

    for (const framework of ['react', 'vue', 'svelte', 'angular']) {
      it(`builds the ${framework} template in the sandbox and serves it`, async () => {
        const userId = await createUser(kiln);
        const built = await buildVersion(kiln, { userId, framework, files: templateWith(framework, {}) });
        expect(built.state.status, JSON.stringify(built.state)).toBe('ready');
        const host = previewHost(built.chatId, built.version);
        const page = await kiln.app.request(`http://${host}/`, { headers: { host } });
        expect(page.status).toBe(200);
        expect(await page.text()).toMatch(/<html/i);
      });
    }

    it('generates a version with the demo model', async () => {
      const { client } = await signedUpUser(kiln);
      const chat = await createChat(client, 'react', 'A pricing table');
      const first = await generate(client, { id: chat.id, prompt: 'A pricing table with three plans' });
      expect(first.response.status).toBe(200);
      await kiln.services.generation.settle();
      const { data } = await chatData(client, chat.slug);
      expect(parseSnapshot(data.snapshots[1]).files.length).toBeGreaterThan(0);
    });
  });

  it.runIf(detectSandbox('auto').kind === 'bwrap')(
    'starts an app server in bubblewrap that answers',
    async () => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-smoke-app-'));
      const servers = new AppServers({
        sandbox: detectSandbox('auto'),
        runtimeDir: path.join(root, 'runtime'),
        maxRunning: 2,
        idleMs: 60_000,
        memoryMb: 256,
        maxProcesses: 256,
        startTimeoutMs: 60_000,
        requestTimeoutMs: 10_000,
        maxResponseBytes: 1024 * 1024,
      });
      try {
        const workspace = path.join(root, 'app');
        fs.mkdirSync(workspace);
        fs.writeFileSync(
          path.join(workspace, 'api.mjs'),
          `export default { fetch: (request, env) => new Response('node ' + process.version + ' ' + env.GREETING) };`,
        );
        const outcome = await servers.handle(
          'smoke',
          async () => ({
            launch: { kind: 'handler', workspace, entry: path.join(workspace, 'api.mjs') },
            secrets: { GREETING: 'hello' },
            egress: { allowPrivate: false, allowOrigins: [] },
            meta: { chatId: 'smoke', version: 1, deployed: false },
          }),
          new Request('http://app.test/api/x'),
        );
        expect(outcome.ok).toBe(true);
        if (outcome.ok) expect(await outcome.response.text()).toBe(`node ${process.version} hello`);
      } finally {
        await servers.close();
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  );
});
