/**
 * SLOW (real installs of hono and pg, sandboxed builds, a deployment): issue 22 item 4. A chat with
 * a PostgreSQL, an SMTP and a Stripe integration enabled (every secret a unique random string)
 * gets the demo guest book, then a version whose `api/` handler also reads every secret and
 * answers their hashes — proof that the server DID receive them, so this cannot pass by never
 * giving them. Then every place Kiln writes something is searched for every secret value (as is
 * and in the encodings a log or a file would carry it in): every file of the data folder (preview
 * outputs, their blob-store copies under builds/, the deployed site, the handlers' folders and
 * kept workspaces under app-servers/), the version zip's entries, the tree pushed to the fake
 * GitHub, a build log (a build that prints its whole environment and fails), the app server's
 * log, and Kiln's own log lines at debug level.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseSnapshot } from '../../../src/core/artifact/index.ts';
import { SERVER_ENV, secretValues } from '../../../src/core/integrations/server-env.ts';
import { GUEST_BOOK_API_SQL } from '../../../src/server/ai/demo/backend/guest-book-api.ts';
import { parseConfig } from '../../../src/server/config.ts';
import { messages } from '../../../src/server/db/schema/index.ts';
import { createKiln } from '../../../src/server/main.ts';
import { startFakeGitHub, type FakeGitHub } from '../../support/fake-github/server.ts';
import { findLeaks } from '../../support/leak-scan.ts';
import { startLoopbackSmtp } from '../../support/smtp-server.ts';
import { createChat, generate, signedUpUser } from '../generation-helpers.ts';
import { SHARED_PNPM, createVersion, previewHost, waitForBuild, type TestKiln } from '../preview-helpers.ts';

const token = () => randomBytes(12).toString('hex');
const DB_USER = `leak_owner_${token()}`;
const DB_PASSWORD = `pgpw${token()}`;
const DB_NAME = `leak_book_${token()}`;
const SMTP_PASSWORD = `smtp-pw-${token()}`;
const STRIPE_SECRET = `sk_test_${token()}`;

/** The route added to the demo's handler: a hash of each secret, never the secret itself. */
const CHECK_ROUTE = `
app.get('/api/kiln-secret-check', (c) => {
  const hash = (value) => createHash('sha256').update(value ?? '').digest('hex');
  console.log('secret check asked; variables present:', ['${SERVER_ENV.databaseUrl}', '${SERVER_ENV.smtpPassword}', '${SERVER_ENV.stripeSecretKey}'].filter((name) => process.env[name]).length);
  return c.json({
    database: hash(process.env.${SERVER_ENV.databaseUrl}),
    smtp: hash(process.env.${SERVER_ENV.smtpPassword}),
    stripe: hash(process.env.${SERVER_ENV.stripeSecretKey}),
    fromEnvArgument: hash(c.env?.${SERVER_ENV.stripeSecretKey}),
  });
});
`;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Every regular file under `dir` (symbolic links are not followed: the shared pnpm store). */
function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

describe('SLOW: no integration secret reaches a file, a zip, a push or a log (issue 22 item 4)', () => {
  let kiln: TestKiln;
  let fake: FakeGitHub;
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  let databaseUrl: string;
  const logLines: string[] = [];
  let secrets: Record<string, string>;

  beforeAll(async () => {
    fake = await startFakeGitHub({ deviceInterval: 0 });
    smtp = await startLoopbackSmtp({ user: 'mailer', password: SMTP_PASSWORD });
    // A database owned by a role of its own, so its password is unique to this run.
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    await admin.query(`create role ${DB_USER} login password '${DB_PASSWORD}'`);
    await admin.query(`create database ${DB_NAME} owner ${DB_USER}`);
    await admin.end();
    const url = new URL(inject('postgresUrl'));
    url.username = DB_USER;
    url.password = DB_PASSWORD;
    url.pathname = `/${DB_NAME}`;
    databaseUrl = url.toString();
    const user = new pg.Client({ connectionString: databaseUrl });
    await user.connect();
    await user.query(GUEST_BOOK_API_SQL);
    await user.end();

    // createTestKiln's setup, with Kiln's log kept at debug level to be searched.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-leak-'));
    const config = parseConfig({
      KILN_DATA_DIR: dataDir,
      KILN_SECRET: 'x'.repeat(40),
      KILN_RATE_LIMITS: 'off',
      KILN_LOG_LEVEL: 'debug',
      KILN_BUILD_TIMEOUT_MS: '240000',
      KILN_DEMO_DELAY_MS: '0',
      KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true',
      KILN_GITHUB_URL: fake.url,
      KILN_GITHUB_API_URL: fake.apiUrl,
    });
    const base = await createKiln(config, {
      inMemoryDatabase: true,
      logDestination: { write: (line: string) => void logLines.push(line) },
    });
    kiln = {
      ...base,
      dataDir,
      async close() {
        await base.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
    for (const name of ['pnpm-store', 'pnpm-cache']) {
      fs.mkdirSync(path.join(SHARED_PNPM, name), { recursive: true });
      fs.symlinkSync(path.join(SHARED_PNPM, name), path.join(dataDir, name));
    }
    kiln.services.preview.start();
  }, 120_000);

  afterAll(async () => {
    await kiln?.close();
    await fake?.close();
    await smtp?.close();
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${DB_NAME} with (force)`);
    await admin.query(`drop role if exists ${DB_USER}`);
    await admin.end();
  });

  it('the handler gets every secret; no file, zip, push or log holds one', async () => {
    const owner = await signedUpUser(kiln, { premium: true });
    const call = async (pathname: string, method = 'GET', json?: unknown) => {
      const response = await owner.client.request(pathname, { method, json });
      expect(response.status, `${method} ${pathname}: ${await response.clone().text()}`).toBeLessThan(300);
      return response;
    };
    const integration = async (type: string, provider: string, credentials: Record<string, unknown>) =>
      (
        (await (
          await call('/api/integrations', 'POST', { name: provider, type, provider, credentials })
        ).json()) as {
          id: string;
        }
      ).id;
    const enabled = {
      database: await integration('database', 'postgres', { connectionString: databaseUrl }),
      email: await integration('email', 'smtp', {
        host: '127.0.0.1',
        port: smtp.port,
        user: 'mailer',
        password: SMTP_PASSWORD,
        from: 'Guest book <book@example.com>',
      }),
      payments: await integration('payments', 'stripe', {
        publishableKey: `pk_test_${token()}`,
        secretKey: STRIPE_SECRET,
      }),
    };
    // What core says must never be written, plus the database password on its own.
    const values = secretValues([
      { providerId: 'postgres', values: { connectionString: databaseUrl } },
      { providerId: 'smtp', values: { password: SMTP_PASSWORD } },
      { providerId: 'stripe', values: { secretKey: STRIPE_SECRET } },
    ]);
    expect(values).toEqual([databaseUrl, SMTP_PASSWORD, STRIPE_SECRET]);
    secrets = {
      'the database connection string': databaseUrl,
      'the database password': DB_PASSWORD,
      'the SMTP password': SMTP_PASSWORD,
      'the Stripe secret key': STRIPE_SECRET,
    };

    // 1. The demo guest book, generated in a chat with the three integrations enabled.
    const chat = await createChat(owner.client, 'react', 'A guest book');
    for (const [type, integrationId] of Object.entries(enabled)) {
      await call(`/api/chats/${chat.id}/integrations/${type}`, 'PUT', { integrationId });
    }
    const generated = await generate(owner.client, { id: chat.id, prompt: 'A guest book' });
    expect(generated.response.status).toBe(200);
    const [assistant] = await kiln.services.db
      .select()
      .from(messages)
      .where(eq(messages.chatId, chat.id))
      .then((rows) => rows.filter((row) => row.role === 'assistant' && row.version === generated.version));
    const demoFiles = parseSnapshot(assistant!.artifactCode!).files;
    const handler = demoFiles.find((file) => file.name === 'api/index.ts')!;
    expect(handler.content).toContain(`process.env.${SERVER_ENV.databaseUrl}`);

    // 2. The same project, its handler also answering a hash of every secret.
    const files = demoFiles.map((file) =>
      file.name === 'api/index.ts'
        ? {
            name: file.name,
            content: `import { createHash } from 'node:crypto';\n${file.content.replace('export default app;', `${CHECK_ROUTE}\nexport default app;`)}`,
          }
        : { name: file.name, content: file.content },
    );
    const version = generated.version + 1;
    await createVersion(kiln, { userId: owner.userId, framework: 'react', chatId: chat.id, version, files });
    await kiln.services.preview.requestBuild(chat.id, version);
    expect(await waitForBuild(kiln, chat.id, version, 540_000)).toEqual({ status: 'ready' });

    const host = previewHost(chat.id, version);
    const ask = (pathname: string, init: RequestInit = {}, onHost = host) =>
      kiln.app.request(`http://${onHost}${pathname}`, {
        ...init,
        headers: { host: onHost, ...init.headers },
      });
    const expected = {
      database: sha256(databaseUrl),
      smtp: sha256(SMTP_PASSWORD),
      stripe: sha256(STRIPE_SECRET),
      fromEnvArgument: sha256(STRIPE_SECRET),
    };
    const check = await ask('/api/kiln-secret-check');
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual(expected);
    // The guest book itself writes and reads through DATABASE_URL.
    const signed = await ask('/api/entries', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', message: 'Secrets stay secret' }),
    });
    expect(signed.status).toBe(201);
    expect(await (await ask('/api/entries')).json()).toEqual([
      expect.objectContaining({ name: 'Ada', message: 'Secrets stay secret' }),
    ]);

    // 3. Deployed: the site's own server gets them too.
    await call(`/api/chats/${chat.id}/deployment`, 'POST', {
      subdomain: `leak-${token().slice(0, 8)}`,
      version,
    });
    const deployment = (await (await call(`/api/chats/${chat.id}/deployment`)).json()) as {
      subdomainUrl: string;
    };
    const siteHost = new URL(deployment.subdomainUrl).host;
    const deployedCheck = await ask('/api/kiln-secret-check', {}, siteHost);
    expect(deployedCheck.status).toBe(200);
    expect(await deployedCheck.json()).toEqual(expected);

    // 4. A build that prints its whole environment, then fails: its log is kept and shown.
    const packageJson = JSON.parse(files.find((file) => file.name === 'package.json')!.content) as {
      scripts: Record<string, string>;
    };
    packageJson.scripts.build = `${packageJson.scripts.build} && node -e "console.log(JSON.stringify(process.env)); process.exit(3)"`;
    const failing = version + 1;
    await createVersion(kiln, {
      userId: owner.userId,
      framework: 'react',
      chatId: chat.id,
      version: failing,
      files: files.map((file) =>
        file.name === 'package.json' ? { ...file, content: JSON.stringify(packageJson, null, 2) } : file,
      ),
    });
    await kiln.services.preview.requestBuild(chat.id, failing);
    const failed = await waitForBuild(kiln, chat.id, failing, 540_000);
    expect(failed.status).toBe('error');
    const buildLog = JSON.stringify(await (await call(`/api/chats/${chat.id}/preview/${failing}`)).json());
    // The environment was printed: the log holds the build's variables, just not the secrets.
    expect(buildLog).toContain('PATH');

    // 5. Everything else the owner can take away, and Kiln's own records.
    const zip = unzipSync(
      new Uint8Array(await (await call(`/api/chats/${chat.id}/versions/${version}/zip`)).arrayBuffer()),
    );
    expect(Object.keys(zip)).toContain('api/index.ts');
    await call('/api/codehost/token', 'POST', { token: fake.createUser('octo').token });
    await call(`/api/chats/${chat.id}/codehost/repo`, 'POST', { name: 'leak-check', private: true });
    await call(`/api/chats/${chat.id}/codehost/push`, 'POST', { version });
    const pushed = await fake.files('octo', 'leak-check', 'main');
    expect(pushed.has('api/index.ts')).toBe(true);
    const serverLog = (await (await call(`/api/chats/${chat.id}/preview/${version}/server`)).json()) as {
      lines: unknown[];
    };
    expect(JSON.stringify(serverLog.lines)).toContain('secret check asked; variables present: 3');

    const places: [string, Uint8Array | string][] = [
      ...[...filesUnder(kiln.dataDir)].map((file): [string, Uint8Array] => [file, fs.readFileSync(file)]),
      ...Object.entries(zip).map(([name, bytes]): [string, Uint8Array] => [`zip: ${name}`, bytes]),
      ...[...pushed].map(([name, file]): [string, Uint8Array] => [`pushed: ${name}`, file.bytes]),
      ['the build log', buildLog],
      ['the app server log', JSON.stringify(serverLog)],
      ["Kiln's log", logLines.join('')],
    ];
    // The folders that must have been searched are there: outputs, their blob copies, the site,
    // the handler's folder.
    const searched = places.map(([name]) => name).join('\n');
    for (const folder of ['builds', 'app-servers', 'sites']) {
      expect(searched, folder).toMatch(new RegExp(`/${folder}/`));
    }
    expect(searched).toMatch(/\.kiln-app\/api\.mjs/);
    expect(logLines.length).toBeGreaterThan(0);
    const leaks = places.flatMap(([name, content]) =>
      findLeaks(typeof content === 'string' ? content : Buffer.from(content).toString('latin1'), secrets).map(
        (leak) => `${leak} in ${name}`,
      ),
    );
    expect(leaks).toEqual([]);
  }, 1_500_000);
});
