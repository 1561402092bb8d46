import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createSecretBox } from '../../src/server/crypto/secret-box.ts';
import { userIntegrations } from '../../src/server/db/schema/index.ts';
import { createIntegrationService } from '../../src/server/integrations/service.ts';
import { startLoopbackSmtp } from '../support/smtp-server.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';

type Kiln = Awaited<ReturnType<typeof createTestKiln>>;
type Person = Awaited<ReturnType<typeof signedUpUser>>;

interface IntegrationBody {
  id: string;
  name: string;
  type: string;
  provider: string;
  credentials: Record<string, string>;
}

const STRIPE_SECRET = 'sk_test_secretvalue9876';
const SMTP_PASSWORD = 'smtp-password-4321';

async function body<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

describe('integrations on /account/integrations (issue 16 items 1 and 6)', () => {
  let kiln: Kiln;
  let ada: Person;
  let bob: Person;
  let smtp: Awaited<ReturnType<typeof startLoopbackSmtp>>;
  const postgresUrl = inject('postgresUrl');

  beforeAll(async () => {
    // The suite's PostgreSQL and SMTP listen on 127.0.0.1: this Kiln lets integrations reach them.
    kiln = await createTestKiln({ KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true' });
    ada = await signedUpUser(kiln, { name: 'Ada' });
    bob = await signedUpUser(kiln, { name: 'Bob' });
    smtp = await startLoopbackSmtp({ user: 'mailer', password: SMTP_PASSWORD });
  });
  afterAll(async () => {
    await kiln?.close();
    await smtp?.close();
  });

  const create = (client: TestClient, json: unknown) =>
    client.request('/api/integrations', { method: 'POST', json });

  it('creates, lists, edits and removes; secrets are sealed in the row and masked in every answer', async () => {
    const created = await create(ada.client, {
      name: 'Shop payments',
      type: 'payments',
      provider: 'stripe',
      credentials: { publishableKey: 'pk_test_visible', secretKey: STRIPE_SECRET },
    });
    expect(created.status).toBe(201);
    const integration = await body<IntegrationBody>(created);
    expect(integration).toMatchObject({
      name: 'Shop payments',
      type: 'payments',
      provider: 'stripe',
      credentials: { publishableKey: 'pk_test_visible', secretKey: '••••9876' },
    });

    const [row] = await kiln.services.db
      .select()
      .from(userIntegrations)
      .where(eq(userIntegrations.id, integration.id));
    expect(row!.integrationType).toBe('payments');
    expect(row!.credentialsEncrypted).toMatch(/^kiln1\./);
    expect(JSON.stringify(row)).not.toContain('secretvalue');
    expect(JSON.stringify(row)).not.toContain('pk_test_visible');

    const listed = await ada.client.request('/api/integrations');
    const listText = await listed.text();
    expect(listText).not.toContain('secretvalue');
    expect(
      (JSON.parse(listText) as { integrations: IntegrationBody[] }).integrations.map((i) => i.id),
    ).toEqual([integration.id]);

    // The edit form sends the masked secret back: the stored one is kept.
    const renamed = await ada.client.request(`/api/integrations/${integration.id}`, {
      method: 'PATCH',
      json: { name: 'Payments', credentials: { publishableKey: 'pk_test_new', secretKey: '••••9876' } },
    });
    expect(renamed.status).toBe(200);
    expect(await body<IntegrationBody>(renamed)).toMatchObject({
      name: 'Payments',
      credentials: { publishableKey: 'pk_test_new', secretKey: '••••9876' },
    });
    const [kept] = await kiln.services.db
      .select()
      .from(userIntegrations)
      .where(eq(userIntegrations.id, integration.id));
    const opened = createSecretBox({ secret: 'x'.repeat(40), purpose: 'integration-credentials' }).open(
      kept!.credentialsEncrypted!,
    );
    expect(JSON.parse(opened)).toEqual({
      provider: 'stripe',
      values: { publishableKey: 'pk_test_new', secretKey: STRIPE_SECRET },
    });

    // A retyped secret replaces it.
    const retyped = await ada.client.request(`/api/integrations/${integration.id}`, {
      method: 'PATCH',
      json: { credentials: { publishableKey: 'pk_test_new', secretKey: 'sk_test_another_1111' } },
    });
    expect((await body<IntegrationBody>(retyped)).credentials.secretKey).toBe('••••1111');

    const removed = await ada.client.request(`/api/integrations/${integration.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(
      await kiln.services.db.select().from(userIntegrations).where(eq(userIntegrations.id, integration.id)),
    ).toEqual([]);
  });

  it('refuses fields that do not fit the provider, and a provider of another type', async () => {
    const wrongKey = await create(ada.client, {
      type: 'payments',
      provider: 'stripe',
      credentials: { publishableKey: 'pk_test_1', secretKey: 'nope' },
    });
    expect(wrongKey.status).toBe(400);
    expect((await body<{ error: { code: string; message: string } }>(wrongKey)).error).toMatchObject({
      code: 'invalid-credentials',
      message: 'Secret key must start with sk_ or rk_',
    });
    const wrongType = await create(ada.client, { type: 'email', provider: 'stripe', credentials: {} });
    expect(wrongType.status).toBe(400);
  });

  it("someone else's integration is 404 on every route, and a visitor gets 401", async () => {
    const mine = await body<IntegrationBody>(
      await create(ada.client, {
        type: 'email',
        provider: 'resend',
        credentials: { apiKey: 're_abcdefgh1234' },
      }),
    );
    for (const [method, path, json] of [
      ['PATCH', `/api/integrations/${mine.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/integrations/${mine.id}`, undefined],
      ['POST', `/api/integrations/${mine.id}/test`, undefined],
    ] as const) {
      const response = await bob.client.request(path, { method, json });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await body<{ integrations: unknown[] }>(await bob.client.request('/api/integrations'))).toEqual({
      integrations: [],
    });

    const visitor = new TestClient(kiln);
    expect((await visitor.request('/api/integrations')).status).toBe(401);
    expect(
      (await create(visitor, { type: 'email', provider: 'resend', credentials: { apiKey: 're_x' } })).status,
    ).toBe(401);
    expect((await visitor.request(`/api/integrations/${mine.id}/test`, { method: 'POST' })).status).toBe(401);
    const [row] = await kiln.services.db
      .select()
      .from(userIntegrations)
      .where(eq(userIntegrations.id, mine.id));
    expect(row!.name).toBe('Resend');
  });

  it('Test connection reaches the real PostgreSQL, and a wrong password fails with PostgreSQL’s reason', async () => {
    const good = await body<IntegrationBody>(
      await create(ada.client, {
        type: 'database',
        provider: 'postgres',
        credentials: { connectionString: postgresUrl },
      }),
    );
    expect(good.credentials.connectionString).toMatch(/^••••/);
    const ok = await ada.client.request(`/api/integrations/${good.id}/test`, { method: 'POST' });
    expect(await ok.json()).toEqual({ ok: true, message: 'Connected to the database.' });

    const wrong = new URL(postgresUrl);
    wrong.password = 'not-the-password';
    const bad = await body<IntegrationBody>(
      await create(ada.client, {
        type: 'database',
        provider: 'postgres',
        credentials: { connectionString: wrong.toString() },
      }),
    );
    const failed = await ada.client.request(`/api/integrations/${bad.id}/test`, { method: 'POST' });
    const text = await failed.text();
    expect(JSON.parse(text)).toEqual({
      ok: false,
      message: `Could not connect to the database: password authentication failed for user "${wrong.username}"`,
    });
    expect(text).not.toContain('not-the-password');
  });

  it('Test connection signs in to a real SMTP server; a wrong password is refused readably', async () => {
    const smtpFields = { host: '127.0.0.1', port: smtp.port, user: 'mailer', from: 'App <app@example.com>' };
    const good = await body<IntegrationBody>(
      await create(ada.client, {
        type: 'email',
        provider: 'smtp',
        credentials: { ...smtpFields, password: SMTP_PASSWORD },
      }),
    );
    expect(good.credentials.password).toBe('••••4321');
    const ok = await ada.client.request(`/api/integrations/${good.id}/test`, { method: 'POST' });
    expect(await ok.json()).toEqual({ ok: true, message: 'The mail server accepted the sign-in.' });

    const bad = await body<IntegrationBody>(
      await create(ada.client, {
        type: 'email',
        provider: 'smtp',
        credentials: { ...smtpFields, password: 'wrong-one' },
      }),
    );
    const failed = await body<{ ok: boolean; message: string }>(
      await ada.client.request(`/api/integrations/${bad.id}/test`, { method: 'POST' }),
    );
    expect(failed.ok).toBe(false);
    expect(failed.message).toMatch(
      /^The mail server refused: Invalid login: 535 Invalid username or password/,
    );
  });
});

describe('Test connection of Supabase, Supabase Auth and S3 against loopback services', () => {
  let kiln: Kiln;
  let ada: Person;
  let server: http.Server;
  let baseUrl: string;
  const postgresUrl = inject('postgresUrl');
  const heads: string[] = [];

  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true' });
    ada = await signedUpUser(kiln, { name: 'Ada' });
    // Supabase's REST root answers only with the right anon key; S3's HeadBucket knows one bucket.
    server = http.createServer((req, res) => {
      if (req.url === '/rest/v1/') {
        const good = req.headers.apikey === 'anon-good' && req.headers.authorization === 'Bearer anon-good';
        res.writeHead(good ? 200 : 401, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      if (req.method === 'HEAD') {
        const bucket = new URL(req.url ?? '/', 'http://x').pathname.replace(/\/$/, '');
        const signed = String(req.headers.authorization).includes('Credential=AKIDGOOD/');
        heads.push(`${bucket} ${signed ? 'signed' : 'other'}`);
        res.writeHead(bucket === '/photos' ? 200 : 404).end();
        return;
      }
      res.writeHead(405).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await kiln?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  const test = async (id: string) =>
    body<{ ok: boolean; message: string }>(
      await ada.client.request(`/api/integrations/${id}/test`, { method: 'POST' }),
    );
  const create = async (json: unknown) => {
    const response = await ada.client.request('/api/integrations', { method: 'POST', json });
    expect(response.status, await response.clone().text()).toBe(201);
    return body<IntegrationBody>(response);
  };

  it('Supabase: the database and the REST API with the anon key; Supabase Auth tests the project it uses', async () => {
    const supabase = (anonKey: string) =>
      create({
        type: 'database',
        provider: 'supabase',
        credentials: {
          projectUrl: baseUrl,
          anonKey,
          serviceRoleKey: 'service-role-secret',
          databaseUrl: postgresUrl,
        },
      });
    const good = await supabase('anon-good');
    expect(await test(good.id)).toEqual({
      ok: true,
      message: 'Connected to the database. The project’s REST API accepted the anon key.',
    });
    const bad = await supabase('anon-wrong');
    expect(await test(bad.id)).toEqual({
      ok: false,
      message: 'The project’s REST API refused the anon key (HTTP 401).',
    });

    const auth = await create({
      type: 'auth',
      provider: 'supabase-auth',
      credentials: { databaseIntegrationId: good.id },
    });
    expect((await test(auth.id)).ok).toBe(true);

    // Only the person's own Supabase integration can be used.
    const notSupabase = await ada.client.request('/api/integrations', {
      method: 'POST',
      json: { type: 'auth', provider: 'supabase-auth', credentials: { databaseIntegrationId: auth.id } },
    });
    expect(notSupabase.status).toBe(400);
    const other = await signedUpUser(kiln, { name: 'Eve' });
    const foreign = await other.client.request('/api/integrations', {
      method: 'POST',
      json: { type: 'auth', provider: 'supabase-auth', credentials: { databaseIntegrationId: good.id } },
    });
    expect(foreign.status).toBe(400);
  });

  it('S3-compatible: HeadBucket on the endpoint, signed with the keys; a missing bucket says so', async () => {
    const s3 = (bucket: string) =>
      create({
        type: 'storage',
        provider: 's3',
        credentials: {
          endpoint: baseUrl,
          region: 'us-east-1',
          bucket,
          accessKeyId: 'AKIDGOOD',
          secretAccessKey: 's3-secret',
        },
      });
    const good = await s3('photos');
    expect(await test(good.id)).toEqual({
      ok: true,
      message: 'The bucket photos is reachable with these keys.',
    });
    const missing = await s3('nothing-here');
    expect(await test(missing.id)).toEqual({ ok: false, message: 'The bucket nothing-here does not exist.' });
    expect(heads).toEqual(['/photos signed', '/nothing-here signed']);
  });
});

describe('integration credentials survive a change of KILN_SECRET (rotation)', () => {
  let kiln: Kiln;
  afterAll(async () => {
    await kiln?.close();
  });

  it('opens values sealed with a previous secret and seals them again with the current one', async () => {
    kiln = await createTestKiln();
    const ada = await signedUpUser(kiln, { name: 'Ada' });
    const userId = (await ada.client.me()).user!.id;
    const service = (secret: string, previous: string[] = []) =>
      createIntegrationService({
        db: kiln.services.db,
        box: createSecretBox({ secret, previous, purpose: 'integration-credentials' }),
        allowPrivateAddresses: false,
      });
    const saved = await service('old-secret-'.repeat(4)).create(userId, {
      type: 'email',
      provider: 'resend',
      credentials: { apiKey: 're_rotated_key_5678' },
    });
    const row = async () =>
      (await kiln.services.db.select().from(userIntegrations).where(eq(userIntegrations.id, saved.id)))[0]!;
    const before = (await row()).credentialsEncrypted!;

    const rotated = service('new-secret-'.repeat(4), ['old-secret-'.repeat(4)]);
    expect((await rotated.list(userId))[0]!.credentials).toEqual({ apiKey: '••••5678' });
    const after = (await row()).credentialsEncrypted!;
    expect(after.split('.')[1]).not.toBe(before.split('.')[1]);
    // Now the new secret alone opens it.
    expect((await service('new-secret-'.repeat(4)).list(userId))[0]!.credentials.apiKey).toBe('••••5678');
  });
});

describe('an integration whose keys cannot be read any more', () => {
  let kiln: Kiln;
  afterAll(async () => {
    await kiln?.close();
  });

  it('is listed with the problem beside the readable ones, and can be removed', async () => {
    kiln = await createTestKiln();
    const ada = await signedUpUser(kiln, { name: 'Ada' });
    const userId = (await ada.client.me()).user!.id;
    await ada.client.request('/api/integrations', {
      method: 'POST',
      json: { type: 'email', provider: 'resend', credentials: { apiKey: 're_readable_1234' } },
    });
    const lost = createSecretBox({
      secret: 'a-secret-nobody-has-now'.repeat(2),
      purpose: 'integration-credentials',
    });
    await kiln.services.db.insert(userIntegrations).values({
      id: 'lost-keys',
      userId,
      name: 'Old database',
      integrationType: 'database',
      credentialsEncrypted: lost.seal(
        JSON.stringify({ provider: 'postgres', values: { connectionString: 'x' } }),
      ),
    });
    const listed = await ada.client.request('/api/integrations');
    expect(listed.status).toBe(200);
    const { integrations } = await body<{ integrations: (IntegrationBody & { problem: string | null })[] }>(
      listed,
    );
    expect(integrations.map((i) => [i.name, i.problem])).toEqual([
      ['Resend', null],
      [
        'Old database',
        'Kiln can no longer read these keys (KILN_SECRET changed). Remove it and add it again.',
      ],
    ]);
    const tested = await ada.client.request('/api/integrations/lost-keys/test', { method: 'POST' });
    expect(tested.status).toBe(409);
    expect((await body<{ error: { code: string } }>(tested)).error.code).toBe('integration-unreadable');
    expect((await ada.client.request('/api/integrations/lost-keys', { method: 'DELETE' })).status).toBe(200);
  });
});

describe('address safety of integration endpoints (issue 16 item 6)', () => {
  let kiln: Kiln;
  let ada: Person;

  beforeAll(async () => {
    kiln = await createTestKiln();
    ada = await signedUpUser(kiln, { name: 'Ada' });
  });
  afterAll(async () => {
    await kiln?.close();
  });

  it.each([
    ['postgres://kiln:kiln@127.0.0.1:5432/app', 'Connection string: 127.0.0.1 is a loopback address.'],
    ['postgres://kiln:kiln@localhost/app', 'Connection string: localhost is a loopback address.'],
    ['postgres://kiln:kiln@[::1]/app', 'Connection string: ::1 is a loopback address.'],
    ['postgres://kiln:kiln@10.1.2.3/app', 'Connection string: 10.1.2.3 is a private address.'],
  ])(
    '%s is refused at save time without KILN_ALLOW_PRIVATE_INTEGRATIONS',
    async (connectionString, message) => {
      const response = await ada.client.request('/api/integrations', {
        method: 'POST',
        json: { type: 'database', provider: 'postgres', credentials: { connectionString } },
      });
      expect(response.status).toBe(400);
      const { error } = await body<{ error: { code: string; message: string } }>(response);
      expect(error.code).toBe('unsafe-address');
      expect(error.message.startsWith(message)).toBe(true);
      expect(error.message).toContain('KILN_ALLOW_PRIVATE_INTEGRATIONS=true');
      expect(await kiln.services.db.select().from(userIntegrations)).toEqual([]);
    },
  );

  it('a Unix socket, in a host= parameter or as the host, is refused by the connection-string rule first (issue 31 item 3)', async () => {
    for (const connectionString of [
      'postgres://kiln:kiln@db.example.com/app?host=/var/run/postgresql',
      'postgres://kiln:kiln@%2Fvar%2Frun%2Fpostgresql/app',
    ]) {
      const response = await ada.client.request('/api/integrations', {
        method: 'POST',
        json: { type: 'database', provider: 'postgres', credentials: { connectionString } },
      });
      expect(response.status).toBe(400);
      const { error } = await body<{ error: { code: string; message: string } }>(response);
      // Not an address KILN_ALLOW_PRIVATE_INTEGRATIONS could allow: a file of this machine.
      expect(error.code).toBe('invalid-credentials');
      expect(error.message).not.toContain('KILN_ALLOW_PRIVATE_INTEGRATIONS');
    }
    expect(await kiln.services.db.select().from(userIntegrations)).toEqual([]);
  });

  it('the cloud metadata address is refused as such', async () => {
    const response = await ada.client.request('/api/integrations', {
      method: 'POST',
      json: {
        type: 'storage',
        provider: 's3',
        credentials: {
          endpoint: 'http://169.254.169.254/',
          region: 'us-east-1',
          bucket: 'b',
          accessKeyId: 'a',
          secretAccessKey: 'secret-key',
        },
      },
    });
    expect((await body<{ error: { message: string } }>(response)).error.message).toMatch(
      /^Endpoint: 169\.254\.169\.254 is a cloud metadata address\./,
    );
  });

  it('a host that resolved to a public address at save time is refused when it later resolves to a private one', async () => {
    // DNS can change between save and use (rebinding): the service asks again before connecting.
    let answer = ['93.184.216.34'];
    const service = createIntegrationService({
      db: kiln.services.db,
      box: createSecretBox({ secret: 'y'.repeat(40), purpose: 'integration-credentials' }),
      allowPrivateAddresses: false,
      resolve: async (host) => (host === 'db.rebind.test' ? answer : []),
    });
    const me = await ada.client.me();
    const saved = await service.create(me.user!.id, {
      type: 'database',
      provider: 'postgres',
      credentials: { connectionString: 'postgres://u:p@db.rebind.test:5432/app' },
    });
    answer = ['93.184.216.34', '127.0.0.1'];
    expect(await service.test(me.user!.id, saved.id)).toEqual({
      ok: false,
      message:
        'Connection string: db.rebind.test (127.0.0.1) is a loopback address. Integrations may only reach public hosts; ' +
        'a self-hosted Kiln on a private network can allow them with KILN_ALLOW_PRIVATE_INTEGRATIONS=true.',
    });
  });
});
