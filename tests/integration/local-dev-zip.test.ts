import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildModelGuidance } from '../../src/core/integrations/model-guidance.ts';
import { secretValues } from '../../src/core/integrations/server-env.ts';
import { nextSnapshot, runDemo } from '../../src/server/ai/demo/testing.ts';
import { installDependencies } from '../../src/server/preview/install.ts';
import { freePort } from '../support/free-port.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, createVersion, SHARED_PNPM, type TestKiln } from './preview-helpers.ts';
import { createFreshDatabase } from './postgres-server.ts';

/**
 * Issue 22 item 6, for real: the demo's PostgreSQL guest book (React, `api/index.ts`) downloaded
 * as Kiln's zip, unzipped into a folder, installed with Kiln's pnpm from the suite's shared store,
 * a `.env` written from `.env.example`, and `npm run dev`'s command started: the handler answers
 * `/api/entries` (POST then GET, against the suite's PostgreSQL) and Vite serves the page at `/`.
 */
/** The demo model's PostgreSQL guest book (an `api/` handler), stored as version 1 of a new chat. */
async function demoGuestBook(kiln: TestKiln, userId: string, framework: 'react' | 'angular') {
  const system = buildModelGuidance({
    framework,
    integrations: [{ type: 'database', provider: 'postgres' }],
    publicEnvNames: [],
    existingTables: [],
  });
  const snapshot = nextSnapshot(null, (await runDemo({ framework, prompt: 'A guest book', system })).text);
  return createVersion(kiln, {
    userId,
    framework,
    files: snapshot.files.map(({ name, content }) => ({ name, content })),
  });
}

describe('the zip of an SPA with api/ runs its handler under `npm run dev`', () => {
  let kiln: TestKiln;
  let dev: ChildProcess | undefined;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-local-dev-'));
  let output = '';
  const started: ChildProcess[] = [];

  beforeAll(async () => {
    // The suite's PostgreSQL listens on 127.0.0.1: this Kiln lets the integration point at it.
    kiln = await createPreviewKiln({ KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true' });
  });
  afterAll(async () => {
    for (const child of [dev, ...started])
      if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await kiln?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('installs, starts, answers /api/* from the handler and / from Vite', { timeout: 600_000 }, async () => {
    const ada = await signedUpUser(kiln, { name: 'Ada', premium: true });
    const { chatId, version } = await demoGuestBook(kiln, ada.userId, 'react');
    // The person's database: a fresh one on the suite's PostgreSQL, enabled on the chat with Stripe.
    const databaseUrl = await createFreshDatabase(inject('postgresUrl'), 'local_dev');
    const enabled = [
      { type: 'database', provider: 'postgres', credentials: { connectionString: databaseUrl } },
      {
        type: 'payments',
        provider: 'stripe',
        credentials: { publishableKey: 'pk_test_1', secretKey: 'sk_test_local9' },
      },
    ];
    for (const integration of enabled) {
      const created = await ada.client.request('/api/integrations', {
        method: 'POST',
        json: { name: integration.provider, ...integration },
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const put = await ada.client.request(`/api/chats/${chatId}/integrations/${integration.type}`, {
        method: 'PUT',
        json: { integrationId: id },
      });
      expect(put.status).toBe(200);
    }

    const zip = await ada.client.request(`/api/chats/${chatId}/versions/${version}/zip`);
    expect(zip.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    for (const [name, bytes] of Object.entries(entries)) {
      fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      fs.writeFileSync(path.join(folder, name), bytes);
      // Names travel, values never (core secretValues: the connection string, the Stripe secret).
      for (const secret of secretValues(
        enabled.map((e) => ({ providerId: e.provider, values: e.credentials })),
      ))
        expect(strFromU8(bytes).includes(secret), `${name} holds a secret`).toBe(false);
    }
    const pkg = JSON.parse(strFromU8(entries['package.json']!)) as { scripts: Record<string, string> };
    expect(pkg.scripts.dev).toBe('vite --config vite.api.config.ts');
    const example = strFromU8(entries['.env.example']!);
    // The enabled integrations' server variables, the handler's own among them.
    for (const name of ['DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'])
      expect(example).toMatch(new RegExp(`^${name}=$`, 'm'));
    const migration = Object.keys(entries).find((name) => name.endsWith('_guest_book.sql'))!;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(strFromU8(entries[migration]!));
    } finally {
      await admin.end();
    }
    fs.writeFileSync(
      path.join(folder, '.env'),
      example.replace(/^DATABASE_URL=$/m, `DATABASE_URL=${databaseUrl}`),
    );

    const installed = await installDependencies(
      folder,
      { storeDir: path.join(SHARED_PNPM, 'pnpm-store'), cacheDir: path.join(SHARED_PNPM, 'pnpm-cache') },
      { timeoutMs: 480_000, memoryMb: 4096, maxOutputBytes: 1_000_000 },
    );
    expect(installed.exitCode, installed.output).toBe(0);

    // `npm run dev` is `vite --config vite.api.config.ts`: the same command, on a port of our own.
    const port = await freePort();
    const [command, ...args] = pkg.scripts.dev!.split(' ');
    dev = spawn(
      path.join(folder, 'node_modules', '.bin', command!),
      [...args, '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
      { cwd: folder, detached: true, env: { PATH: process.env.PATH ?? '', HOME: folder }, stdio: 'pipe' },
    );
    dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const origin = `http://127.0.0.1:${port}`;
    // Wait for the server to listen (no time assert: the test's own timeout bounds it).
    for (;;) {
      if (dev.exitCode !== null) throw new Error(`vite exited: ${output}`);
      const ready = await fetch(`${origin}/`).catch(() => null);
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const empty = await fetch(`${origin}/api/entries`);
    expect(empty.status, output).toBe(200);
    expect(await empty.json()).toEqual([]);
    const refused = await fetch(`${origin}/api/entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    expect(refused.status).toBe(400);
    const created = await fetch(`${origin}/api/entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', message: 'Works on my laptop' }),
    });
    expect(created.status, output).toBe(201);
    const listed = (await (await fetch(`${origin}/api/entries`)).json()) as { message: string }[];
    expect(listed.map((entry) => entry.message)).toEqual(['Works on my laptop']);

    // Every other path is the project's own Vite app.
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    expect(html).toContain('/@vite/client');
    const component = await fetch(`${origin}/src/components/GuestBook.tsx`);
    expect(component.status).toBe(200);
    expect(await component.text()).toContain('/api/entries');
  });
  it(
    'Angular: the handler on its own Vite server, ng serve proxying /api to it',
    { timeout: 600_000 },
    async () => {
      const ada = await signedUpUser(kiln, { name: 'Ann' });
      const { chatId, version } = await demoGuestBook(kiln, ada.userId, 'angular');
      const zip = await ada.client.request(`/api/chats/${chatId}/versions/${version}/zip`);
      expect(zip.status).toBe(200);
      const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
      const dir = path.join(folder, 'angular');
      for (const [name, bytes] of Object.entries(entries)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), bytes);
      }
      const pkg = JSON.parse(strFromU8(entries['package.json']!)) as { scripts: Record<string, string> };
      expect(pkg.scripts.dev).toBe('concurrently -k -n api,web "npm:dev:api" "npm:dev:web"');

      const databaseUrl = await createFreshDatabase(inject('postgresUrl'), 'local_dev_ng');
      const migration = Object.keys(entries).find((name) => name.endsWith('_guest_book.sql'))!;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        await admin.query(strFromU8(entries[migration]!));
      } finally {
        await admin.end();
      }
      fs.writeFileSync(path.join(dir, '.env'), `DATABASE_URL=${databaseUrl}\n`);

      const installed = await installDependencies(
        dir,
        { storeDir: path.join(SHARED_PNPM, 'pnpm-store'), cacheDir: path.join(SHARED_PNPM, 'pnpm-cache') },
        { timeoutMs: 480_000, memoryMb: 4096, maxOutputBytes: 1_000_000 },
      );
      expect(installed.exitCode, installed.output).toBe(0);

      // The two halves `dev` runs together, each by its own script, on ports of our own.
      const apiPort = await freePort();
      const webPort = await freePort();
      let log = '';
      const run = (script: string, extra: string) => {
        const child = spawn('sh', ['-c', `${script} ${extra}`], {
          cwd: dir,
          detached: true,
          env: {
            PATH: `${path.join(dir, 'node_modules', '.bin')}:${process.env.PATH ?? ''}`,
            HOME: dir,
            API_PORT: String(apiPort),
            NG_CLI_ANALYTICS: 'false',
            CI: '1',
          },
          stdio: 'pipe',
        });
        child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
        child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
        started.push(child);
        return child;
      };
      run(pkg.scripts['dev:api']!, '--host 127.0.0.1');
      run(pkg.scripts['dev:web']!, `--port ${webPort} --host 127.0.0.1`);
      const origin = `http://127.0.0.1:${webPort}`;
      for (;;) {
        if (started.some((child) => child.exitCode !== null)) throw new Error(`a dev server exited: ${log}`);
        const ready = await fetch(`${origin}/`).catch(() => null);
        if (ready?.ok) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }

      const created = await fetch(`${origin}/api/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ann', message: 'Proxied by ng serve' }),
      });
      expect(created.status, log).toBe(201);
      const listed = (await (await fetch(`${origin}/api/entries`)).json()) as { message: string }[];
      expect(listed.map((entry) => entry.message)).toEqual(['Proxied by ng serve']);
      expect(await (await fetch(`${origin}/`)).text()).toContain('<app-root');
    },
  );
});
