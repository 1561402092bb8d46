import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildModelGuidance, type GuidanceIntegration } from '../../src/core/integrations/model-guidance.ts';
import { serverEnv } from '../../src/core/integrations/server-env.ts';
import { fileContent, nextSnapshot, runDemo } from '../../src/server/ai/demo/testing.ts';
import { REPO_ROOT } from '../../src/server/paths.ts';
import { createFreshDatabase } from './postgres-server.ts';

/**
 * Issue 22 item 2: the demo model's `api/index.ts` really works. Each generated handler is
 * bundled the way decision 0054 describes (esbuild, platform node, ESM, dependencies bundled),
 * imported, and asked through its web-standard `fetch` — against the suite's PostgreSQL for the
 * guest book, and a real SMTP server for the contact form. The environment is what serverEnv
 * gives the runtime for the enabled integration.
 */

interface Handler {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-demo-api-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The demo's files for a prompt with one integration enabled. */
async function demoProject(prompt: string, integration: GuidanceIntegration) {
  const system = buildModelGuidance({
    framework: 'react',
    integrations: [integration],
    publicEnvNames: [],
    existingTables: [],
  });
  return nextSnapshot(null, (await runDemo({ framework: 'react', prompt, system })).text);
}

/** Bundles `api/index.ts` with its imports (resolved from this repository's node_modules) and imports it. */
async function loadHandler(source: string, name: string): Promise<Handler> {
  const dir = path.join(work, name);
  fs.mkdirSync(path.join(dir, 'api'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'api', 'index.ts'), source);
  const outfile = path.join(dir, 'server.mjs');
  await build({
    entryPoints: [path.join(dir, 'api', 'index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    nodePaths: [path.join(REPO_ROOT, 'node_modules')],
    // pg's optional native binding is not installed; CommonJS packages get a require in ESM.
    external: ['pg-native'],
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    logLevel: 'silent',
  });
  const module = (await import(pathToFileURL(outfile).href)) as { default: Handler };
  return module.default;
}

function withEnv(env: Record<string, string>) {
  const before = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  return () => {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

const post = (url: string, json: unknown) =>
  new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });

describe('the demo guest book handler on the test PostgreSQL', () => {
  let databaseUrl: string;
  let restore: () => void = () => {};
  beforeAll(async () => {
    databaseUrl = await createFreshDatabase(inject('postgresUrl'), 'demo_api');
  });
  afterAll(() => restore());

  it('runs the migration, rejects bad input with a JSON 400, inserts on POST and lists on GET', async () => {
    const snapshot = await demoProject('A guest book', { type: 'database', provider: 'postgres' });
    const migration = snapshot.files.find((file) => file.name.endsWith('_guest_book.sql'))!;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(migration.content);
    } finally {
      await admin.end();
    }

    restore = withEnv(serverEnv([{ providerId: 'postgres', values: { connectionString: databaseUrl } }]));
    const app = await loadHandler(fileContent(snapshot, 'api/index.ts'), 'guest-book');
    const origin = 'http://app.local';

    const empty = await app.fetch(new Request(`${origin}/api/entries`));
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);

    for (const bad of [
      {},
      { name: 'Ada' },
      { name: '  ', message: 'hi' },
      { name: 'x'.repeat(81), message: 'hi' },
    ]) {
      const refused = await app.fetch(post(`${origin}/api/entries`, bad));
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/required/);
    }
    const notJson = await app.fetch(
      new Request(`${origin}/api/entries`, {
        method: 'POST',
        body: 'name=Ada',
        headers: { 'content-type': 'text/plain' },
      }),
    );
    expect(notJson.status).toBe(400);

    const created = await app.fetch(
      post(`${origin}/api/entries`, { name: ' Ada ', message: 'Lovely place!' }),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'Ada', message: 'Lovely place!' });

    const listed = await app.fetch(new Request(`${origin}/api/entries`));
    const entries = (await listed.json()) as { name: string; message: string; created_at: string }[];
    expect(entries.map(({ name, message }) => ({ name, message }))).toEqual([
      { name: 'Ada', message: 'Lovely place!' },
    ]);
    expect(Number.isNaN(Date.parse(entries[0]!.created_at))).toBe(false);
    // The row is really in the person's database.
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      expect((await check.query('select name from guest_book')).rows).toEqual([{ name: 'Ada' }]);
    } finally {
      await check.end();
    }
  });
});

describe('the demo contact form handler against a real SMTP server', () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port: number;
  let restore: () => void = () => {};
  beforeAll(async () => {
    server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'smtp-pass-5150')
          callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    restore();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('refuses an invalid message and sends a valid one through SMTP_*', async () => {
    const snapshot = await demoProject('A contact form', { type: 'email', provider: 'smtp' });
    restore = withEnv(
      serverEnv([
        {
          providerId: 'smtp',
          values: {
            host: '127.0.0.1',
            port,
            user: 'mailer',
            password: 'smtp-pass-5150',
            from: 'Shop <owner@example.com>',
          },
        },
      ]),
    );
    const app = await loadHandler(fileContent(snapshot, 'api/index.ts'), 'contact-form');
    const origin = 'http://app.local';

    const refused = await app.fetch(
      post(`${origin}/api/contact`, { name: 'Ada', email: 'not-an-address', message: 'Hi' }),
    );
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/e-mail/);
    expect(received).toHaveLength(0);

    const sent = await app.fetch(
      post(`${origin}/api/contact`, {
        name: 'Ada Lovelace',
        email: 'ada@example.org',
        message: 'Do you ship to Paris?',
      }),
    );
    expect(sent.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('owner@example.com');
    expect(received[0]!.to).toEqual(['owner@example.com']);
    expect(received[0]!.data).toContain('Do you ship to Paris?');
    expect(received[0]!.data).toMatch(/Reply-To: Ada Lovelace <ada@example\.org>/);
  });
});
