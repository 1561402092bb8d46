import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSecretBox } from '../../src/server/crypto/secret-box.ts';
import type { ResolveHost } from '../../src/server/integrations/address-guard.ts';
import { createMigrationRunner } from '../../src/server/integrations/run-migration.ts';
import { createIntegrationService } from '../../src/server/integrations/service.ts';
import { PLANS } from '../../src/core/plans/catalogue.ts';
import { startLoopbackSmtp } from '../support/smtp-server.ts';
import { signedUpUser } from './generation-helpers.ts';
import { migrationVersion } from './preview-helpers.ts';
import { createTestKiln } from './test-app.ts';

/**
 * Issue 16 item 6 at connection time: every client connects to the address Kiln resolved and
 * checked, never resolving the user's host name itself — so a DNS answer that changes after the
 * check (rebinding) cannot send it to a private address. The host names below exist only in the
 * resolver Kiln is given: a client that looked them up on its own would not find them.
 */
describe('integration clients connect to the checked address (DNS rebinding)', () => {
  const postgresUrl = inject('postgresUrl');
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  let server: http.Server;
  let port: number;
  let userId: string;
  const names: Record<string, string> = {
    'db.pinned.test': '127.0.0.1',
    'mail.pinned.test': '127.0.0.1',
    'api.pinned.test': '127.0.0.1',
  };
  const pinnedResolve: ResolveHost = async (host) => (names[host] ? [names[host]] : []);
  const renamed = (url: string, host: string) => {
    const parsed = new URL(url);
    parsed.hostname = host;
    return parsed.toString();
  };

  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true' });
    ({ userId } = await signedUpUser(kiln, { name: 'Pin' }));
    smtp = await startLoopbackSmtp({ user: 'mailer', password: 'smtp-secret' });
    // Supabase's REST root and S3's HeadBucket, on loopback.
    server = http.createServer((req, res) => {
      if (req.url === '/rest/v1/') return void res.writeHead(200).end('{}');
      if (req.method === 'HEAD' && req.url?.startsWith('/photos')) return void res.writeHead(200).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await kiln?.close();
    await smtp?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  const service = (resolve: ResolveHost, allowPrivate: boolean) =>
    createIntegrationService({
      db: kiln.services.db,
      box: createSecretBox({ secret: 'p'.repeat(40), purpose: 'integration-credentials' }),
      allowPrivateAddresses: allowPrivate,
      resolve,
    });

  it('Test connection of PostgreSQL, Supabase (database + REST), S3 and SMTP uses the address Kiln resolved', async () => {
    const integrations = service(pinnedResolve, true);
    const tested = async (input: Parameters<typeof integrations.create>[1]) =>
      integrations.test(userId, (await integrations.create(userId, input)).id);

    expect(
      await tested({
        type: 'database',
        provider: 'postgres',
        credentials: { connectionString: renamed(postgresUrl, 'db.pinned.test') },
      }),
    ).toEqual({ ok: true, message: 'Connected to the database.' });
    expect(
      await tested({
        type: 'database',
        provider: 'supabase',
        credentials: {
          projectUrl: `http://api.pinned.test:${port}`,
          anonKey: 'anon',
          serviceRoleKey: 'service-role',
          databaseUrl: renamed(postgresUrl, 'db.pinned.test'),
        },
      }),
    ).toEqual({
      ok: true,
      message: 'Connected to the database. The project’s REST API accepted the anon key.',
    });
    expect(
      await tested({
        type: 'storage',
        provider: 's3',
        credentials: {
          endpoint: `http://api.pinned.test:${port}`,
          region: 'us-east-1',
          bucket: 'photos',
          accessKeyId: 'AKID',
          secretAccessKey: 's3-secret',
        },
      }),
    ).toEqual({ ok: true, message: 'The bucket photos is reachable with these keys.' });
    expect(
      await tested({
        type: 'email',
        provider: 'smtp',
        credentials: {
          host: 'mail.pinned.test',
          port: smtp.port,
          user: 'mailer',
          password: 'smtp-secret',
          from: 'App <app@example.com>',
        },
      }),
    ).toEqual({ ok: true, message: 'The mail server accepted the sign-in.' });
  });

  it('a name that turns private between the check and the connection is refused at the connection', async () => {
    // Public for the save and for the check before connecting; loopback (where a database
    // listens) when the client connects — the rebinding attack. The connection is refused.
    const answers: Record<string, string[][]> = {};
    const rebinding: ResolveHost = async (host) => {
      const seen = (answers[host] ??= []);
      const answer = seen.length < 2 ? ['93.184.216.34'] : ['127.0.0.1'];
      seen.push(answer);
      return answer;
    };
    const integrations = service(rebinding, false);
    const database = await integrations.create(userId, {
      type: 'database',
      provider: 'postgres',
      credentials: { connectionString: renamed(postgresUrl, 'db.rebinding.test') },
    });
    expect(await integrations.test(userId, database.id)).toEqual({
      ok: false,
      message:
        'Connection string: db.rebinding.test (127.0.0.1) is a loopback address. Integrations may only reach public hosts; ' +
        'a self-hosted Kiln on a private network can allow them with KILN_ALLOW_PRIVATE_INTEGRATIONS=true.',
    });
    expect(answers['db.rebinding.test']).toHaveLength(3);

    const smtpIntegration = await integrations.create(userId, {
      type: 'email',
      provider: 'smtp',
      credentials: {
        host: 'mail.rebinding.test',
        port: smtp.port,
        user: 'mailer',
        password: 'smtp-secret',
        from: 'App <app@example.com>',
      },
    });
    expect((await integrations.test(userId, smtpIntegration.id)).message).toMatch(
      /^Host: mail\.rebinding\.test \(127\.0\.0\.1\) is a loopback address\./,
    );

    const s3 = await integrations.create(userId, {
      type: 'storage',
      provider: 's3',
      credentials: {
        endpoint: `http://s3.rebinding.test:${port}`,
        region: 'us-east-1',
        bucket: 'photos',
        accessKeyId: 'AKID',
        secretAccessKey: 's3-secret',
      },
    });
    expect((await integrations.test(userId, s3.id)).message).toMatch(
      /s3\.rebinding\.test \(127\.0\.0\.1\) is a loopback address\./,
    );
  });

  it('Run Migration connects to the address Kiln resolved', async () => {
    // The person's database: a fresh one on the suite's PostgreSQL, reached by a name only Kiln's resolver knows.
    const dbName = `kiln_pin_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const userDbUrl = new URL(postgresUrl);
    userDbUrl.pathname = `/${dbName}`;

    const owner = await signedUpUser(kiln, { premium: true });
    const name = 'supabase/migrations/20260101000000_notes.sql';
    const sql = 'create table notes (id serial primary key, body text not null);\n';
    const { chatId, messageId } = await migrationVersion(kiln, owner.userId, { name, sql });
    const created = await owner.client.request('/api/integrations', {
      method: 'POST',
      json: {
        type: 'database',
        provider: 'postgres',
        credentials: { connectionString: renamed(userDbUrl.toString(), 'db.pinned.test') },
      },
    });
    const { id } = (await created.json()) as { id: string };
    await owner.client.request(`/api/chats/${chatId}/integrations/database`, {
      method: 'PUT',
      json: { integrationId: id },
    });

    const run = createMigrationRunner({
      db: kiln.services.db,
      chatIntegrations: kiln.services.chatIntegrations,
      allowPrivateAddresses: true,
      resolve: pinnedResolve,
    });
    const viewer = {
      user: { id: owner.userId, name: 'Owner', email: 'o@kiln.test' },
      plan: PLANS.premium,
      isPremium: true,
      periodStart: null,
    };
    const result = await run(viewer, { chatId, sql, migrationName: name, messageId: messageId });
    expect(result.message).toBe('Successfully created 1 table(s) in your PostgreSQL database');
    const check = new pg.Client({ connectionString: userDbUrl.toString() });
    await check.connect();
    expect((await check.query(`select 1 from pg_tables where tablename = 'notes'`)).rowCount).toBe(1);
    await check.end();
  });
});
