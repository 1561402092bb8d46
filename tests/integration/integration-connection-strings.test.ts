import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serverEnv } from '../../src/core/integrations/server-env.ts';
import { createSecretBox } from '../../src/server/crypto/secret-box.ts';
import { userIntegrations } from '../../src/server/db/schema/index.ts';
import { signedUpUser } from './generation-helpers.ts';
import { migrationVersion } from './preview-helpers.ts';
import { createTestKiln } from './test-app.ts';

type Kiln = Awaited<ReturnType<typeof createTestKiln>>;
type Person = Awaited<ReturnType<typeof signedUpUser>>;

const FILE_REFUSAL = (name: string) =>
  `Connection string: ${name} names a file, and Kiln never reads files named in a connection string. ` +
  'Remove it; sslmode=verify-full checks the database’s certificate against the public certificate authorities.';

/**
 * Waits `afterMs`, then tells whether anyone holds the FIFO open for reading (opening it for
 * writing without blocking fails with ENXIO when nobody does). When someone does — `pg-connection-
 * string` stuck in readFileSync — it writes and closes, which ends that read: so a Kiln without
 * the rule fails this test after `afterMs` instead of hanging the run (its event loop, and this
 * test's with it, is frozen until then). A separate process: it runs while the loop is blocked.
 */
function fifoWatchdog(fifo: string, afterMs: number): Promise<'no reader' | 'reader'> {
  const script = `
    const fs = require('node:fs');
    setTimeout(() => {
      let fd;
      try { fd = fs.openSync(process.argv[1], fs.constants.O_WRONLY | fs.constants.O_NONBLOCK); }
      catch (error) { process.stdout.write(error.code === 'ENXIO' ? 'no reader' : String(error.code)); return; }
      fs.writeSync(fd, 'not a certificate');
      fs.closeSync(fd);
      process.stdout.write('reader');
    }, ${afterMs});`;
  const child = spawn(process.execPath, ['-e', script, fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => resolve(out as 'no reader' | 'reader'));
  });
}

/**
 * Runs `work` while asking GET /api/health every 20 ms (at least `atLeast` times) and watching
 * the event loop with a 10 ms timer: the slowest health answer and the longest gap between ticks.
 */
async function whileHealthAnswers<T>(kiln: Kiln, work: () => Promise<T>, atLeast = 10) {
  let longestGap = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 10);
  let settled = false;
  const slowest = { ms: 0 };
  const health = (async () => {
    const statuses: number[] = [];
    for (let i = 0; !settled || i < atLeast; i++) {
      const started = performance.now();
      const response = await kiln.app.request('/api/health');
      slowest.ms = Math.max(slowest.ms, performance.now() - started);
      statuses.push(response.status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return statuses;
  })();
  try {
    const result = await work().finally(() => (settled = true));
    const statuses = await health;
    return { result, statuses, slowestHealthMs: slowest.ms, longestGapMs: longestGap };
  } finally {
    clearInterval(ticker);
  }
}

describe('a PostgreSQL connection string that names a file never reaches pg (issue 31 item 3)', () => {
  const postgresUrl = inject('postgresUrl');
  let kiln: Kiln;
  let ada: Person;
  let dir: string;
  let fifo: string;
  const box = createSecretBox({ secret: 'x'.repeat(40), purpose: 'integration-credentials' });

  beforeAll(async () => {
    // The suite's PostgreSQL listens on 127.0.0.1: without this, the address rule would refuse first.
    kiln = await createTestKiln({ KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true' });
    ada = await signedUpUser(kiln, { name: 'Ada', premium: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-fifo-'));
    fifo = path.join(dir, 'root.crt');
    execFileSync('mkfifo', [fifo]);
  });
  afterAll(async () => {
    await kiln?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A row as it was stored before the rule existed (save now refuses it): sealed like any other. */
  async function storedBeforeTheRule(connectionString: string): Promise<string> {
    const id = `stored-${randomUUID()}`;
    await kiln.services.db.insert(userIntegrations).values({
      id,
      userId: ada.userId,
      name: 'Old database',
      integrationType: 'database',
      credentialsEncrypted: box.seal(JSON.stringify({ provider: 'postgres', values: { connectionString } })),
    });
    return id;
  }

  const sealedOf = async (id: string) =>
    (await kiln.services.db.select().from(userIntegrations).where(eq(userIntegrations.id, id)))[0]!
      .credentialsEncrypted;

  it.each([
    ['sslrootcert', () => `${postgresUrl}?sslmode=verify-full&sslrootcert=${encodeURIComponent(fifo)}`],
    ['sslcert', () => `${postgresUrl}?sslcert=/dev/zero`],
    ['sslkey', () => `${postgresUrl}?sslkey=/dev/zero`],
    ['sslcrl', () => `${postgresUrl}?sslcrl=/etc/passwd`],
  ])(
    'a string with %s is refused at save time: 400 invalid-credentials, nothing stored',
    async (name, url) => {
      const before = await kiln.services.db.select().from(userIntegrations);
      const response = await ada.client.request('/api/integrations', {
        method: 'POST',
        json: { type: 'database', provider: 'postgres', credentials: { connectionString: url() } },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error).toEqual({
        code: 'invalid-credentials',
        message: FILE_REFUSAL(name),
        field: 'connectionString',
      });
      expect(await kiln.services.db.select().from(userIntegrations)).toEqual(before);
    },
  );

  it('passfile, a host parameter and a Unix socket host are refused too; so is an edit that adds one', async () => {
    const refused = async (connectionString: string) => {
      const response = await ada.client.request('/api/integrations', {
        method: 'POST',
        json: { type: 'database', provider: 'postgres', credentials: { connectionString } },
      });
      expect(response.status, connectionString).toBe(400);
      return (await response.json()).error as { code: string; message: string };
    };
    expect((await refused(`${postgresUrl}?passfile=/root/.pgpass`)).message).toMatch(
      /^Connection string: passfile names a file/,
    );
    expect((await refused(`${postgresUrl}?host=/var/run/postgresql`)).message).toBe(
      'Connection string: put the host in the address (postgresql://user:password@host:5432/database), ' +
        'not in a host= parameter.',
    );
    expect((await refused('postgres://kiln:kiln@%2Ftmp:5432/kiln_test')).message).toMatch(
      /^Connection string: the host is a Unix socket path/,
    );

    const created = await ada.client.request('/api/integrations', {
      method: 'POST',
      json: {
        type: 'database',
        provider: 'postgres',
        credentials: { connectionString: `${postgresUrl}?sslmode=disable&application_name=kiln-test` },
      },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // The allowed parameters reach the real PostgreSQL.
    expect(
      await (await ada.client.request(`/api/integrations/${id}/test`, { method: 'POST' })).json(),
    ).toEqual({
      ok: true,
      message: 'Connected to the database.',
    });
    const sealed = await sealedOf(id);
    const edited = await ada.client.request(`/api/integrations/${id}`, {
      method: 'PATCH',
      json: { credentials: { connectionString: `${postgresUrl}?sslkey=${encodeURIComponent(fifo)}` } },
    });
    expect(edited.status).toBe(400);
    expect((await edited.json()).error.message).toBe(FILE_REFUSAL('sslkey'));
    expect(await sealedOf(id)).toBe(sealed);
  });

  it('a stored row with a FIFO as sslrootcert: Test connection answers the refusal while /api/health keeps answering', async () => {
    const connectionString = `${postgresUrl}?sslmode=verify-full&sslrootcert=${encodeURIComponent(fifo)}`;
    const id = await storedBeforeTheRule(connectionString);
    const sealed = await sealedOf(id);
    const watchdog = fifoWatchdog(fifo, 2000);

    const { result, statuses, slowestHealthMs, longestGapMs } = await whileHealthAnswers(kiln, async () => {
      const response = await ada.client.request(`/api/integrations/${id}/test`, { method: 'POST' });
      return { status: response.status, body: await response.json() };
    });

    // The event loop was never blocked: every health check answered at once.
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(slowestHealthMs).toBeLessThan(1000);
    expect(longestGapMs).toBeLessThan(1000);
    // The same refusal as at save time ('Test connection' reports a failure as a result).
    expect(result).toEqual({ status: 200, body: { ok: false, message: FILE_REFUSAL('sslrootcert') } });
    // Nobody ever opened the FIFO, and the row is kept as it was: listed, removable, nothing lost.
    expect(await watchdog).toBe('no reader');
    expect(await sealedOf(id)).toBe(sealed);
    const listed = (await (await ada.client.request('/api/integrations')).json()) as {
      integrations: { id: string; problem: string | null }[];
    };
    expect(listed.integrations.find((integration) => integration.id === id)).toMatchObject({ problem: null });
  });

  it('a stored row enabled on a chat: run-migration answers 400 with the refusal, and the app server gets no DATABASE_URL', async () => {
    const connectionString = `${postgresUrl}?sslrootcert=${encodeURIComponent(fifo)}`;
    const id = await storedBeforeTheRule(connectionString);
    const name = 'supabase/migrations/20260101000000_notes.sql';
    const sql = 'create table never_created (id int);';
    const { chatId, messageId } = await migrationVersion(kiln, ada.userId, { name, sql });
    const enabled = await ada.client.request(`/api/chats/${chatId}/integrations/database`, {
      method: 'PUT',
      json: { integrationId: id },
    });
    expect(enabled.status).toBe(200);
    const watchdog = fifoWatchdog(fifo, 2000);

    const { result, slowestHealthMs, longestGapMs } = await whileHealthAnswers(kiln, async () => {
      const response = await ada.client.request('/api/integrations/run-migration', {
        method: 'POST',
        json: { chatId, sql, migrationName: name, messageId: messageId },
      });
      return { status: response.status, body: await response.json() };
    });
    expect(slowestHealthMs).toBeLessThan(1000);
    expect(longestGapMs).toBeLessThan(1000);
    expect(result).toEqual({
      status: 400,
      body: {
        error: {
          code: 'invalid-credentials',
          message: FILE_REFUSAL('sslrootcert'),
          title: 'Migration Failed',
        },
      },
    });
    expect(await watchdog).toBe('no reader');

    // The app server's environment (core serverEnv over the chat's enabled integrations).
    const values = await kiln.services.chatIntegrations.serverValues(chatId);
    expect(values).toEqual([{ providerId: 'postgres', values: { connectionString } }]);
    expect(serverEnv(values)).toEqual({});
  });

  it('pg never falls back to Kiln’s own PGPASSWORD or ~/.pgpass for a string without a password', async () => {
    // A server that asks for the password in clear text and notes what it was sent.
    const sent: string[] = [];
    const server = net.createServer((socket) => {
      let buffered = Buffer.alloc(0);
      let started = false;
      socket.on('data', (chunk: Buffer) => {
        buffered = Buffer.concat([buffered, chunk]);
        if (!started && buffered.length >= 8) {
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) return;
          buffered = buffered.subarray(length);
          started = true;
          // AuthenticationCleartextPassword.
          socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
        }
        if (started && buffered.length >= 5 && buffered[0] === 0x70) {
          const length = buffered.readInt32BE(1);
          if (buffered.length < length + 1) return;
          sent.push(buffered.subarray(5, length).toString().replace(/\0$/, ''));
          buffered = Buffer.alloc(0);
          started = false;
          const error = Buffer.from('SFATAL\0C28P01\0Mno\0\0');
          const header = Buffer.alloc(5);
          header.write('E');
          header.writeInt32BE(error.length + 4, 1);
          socket.end(Buffer.concat([header, error]));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const home = path.join(dir, 'home');
    fs.mkdirSync(home, { recursive: true });
    fs.writeFileSync(path.join(home, '.pgpass'), '*:*:*:*:kiln-own-pgpass\n', { mode: 0o600 });
    const saved = { PGPASSWORD: process.env.PGPASSWORD, PGPASSFILE: process.env.PGPASSFILE };
    try {
      for (const [variable, value] of [
        ['PGPASSWORD', 'kiln-own-pgpassword'],
        ['PGPASSFILE', path.join(home, '.pgpass')],
      ] as const) {
        delete process.env.PGPASSWORD;
        delete process.env.PGPASSFILE;
        process.env[variable] = value;
        const created = await ada.client.request('/api/integrations', {
          method: 'POST',
          json: {
            type: 'database',
            provider: 'postgres',
            credentials: { connectionString: `postgres://someone@127.0.0.1:${port}/app` },
          },
        });
        expect(created.status).toBe(201);
        const { id } = (await created.json()) as { id: string };
        const tested = await (
          await ada.client.request(`/api/integrations/${id}/test`, { method: 'POST' })
        ).json();
        expect(tested.ok).toBe(false);
      }
      expect(sent).toEqual(['', '']);
    } finally {
      for (const [variable, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[variable];
        else process.env[variable] = value;
      }
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('no server code reads a connection string with pg-connection-string', () => {
    const offenders: string[] = [];
    const walk = (folder: string) => {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (
          /\.(ts|tsx|mjs|js)$/.test(entry.name) &&
          /from ['"]pg-connection-string['"]|require\(['"]pg-connection-string['"]\)/.test(
            fs.readFileSync(file, 'utf8'),
          )
        )
          offenders.push(path.relative(process.cwd(), file));
      }
    };
    walk(path.join(process.cwd(), 'src'));
    expect(offenders).toEqual([]);
  });
});
