import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKiln, TestClient } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

describe('accounts with email and password (Better Auth at /api/auth)', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => kiln.close());

  it('signs up, sets a host-only HttpOnly SameSite=Lax session cookie, and knows the user', async () => {
    const client = new TestClient(kiln);
    const response = await client.signUp('ada@example.com');
    expect(response.status).toBe(200);
    const cookie = client.lastSetCookie.find((line) => line.includes('session_token'));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Host-only: no Domain attribute, so preview and deployment subdomains never receive it.
    expect(cookie).not.toMatch(/Domain=/i);

    const me = await client.me();
    expect(me.user).toMatchObject({ email: 'ada@example.com', fullName: 'Ada Lovelace' });
    expect(me.isPremium).toBe(false);
  });

  it('signs out and back in', async () => {
    const client = new TestClient(kiln);
    await client.signUp('grace@example.com', 'correct horse 1', 'Grace Hopper');
    expect((await client.request('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200);
    expect((await client.me()).user).toBeNull();
    expect((await client.signIn('grace@example.com')).status).toBe(200);
    expect((await client.me()).user?.fullName).toBe('Grace Hopper');
  });

  it('a session cookie replayed after sign-out is refused at once (sessions are reused only until then)', async () => {
    const client = new TestClient(kiln);
    await client.signUp('margaret@example.com');
    expect((await client.me()).user).not.toBeNull();
    const cookie = (client as unknown as { cookies: Map<string, string> }).cookies;
    const header = [...cookie].map(([name, value]) => `${name}=${value}`).join('; ');
    const meWith = async () =>
      (
        (await (await kiln.app.request('/api/me', { headers: { cookie: header } })).json()) as {
          user: unknown;
        }
      ).user;
    expect(await meWith()).not.toBeNull();
    await kiln.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { cookie: header, origin: kiln.services.config.publicUrl, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await meWith()).toBeNull();
  });

  it('refuses a wrong password, a duplicate email and a weak password with clear codes', async () => {
    const client = new TestClient(kiln);
    await client.signUp('linus@example.com');

    const wrong = await new TestClient(kiln).signIn('linus@example.com', 'not the password');
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe('INVALID_EMAIL_OR_PASSWORD');

    // A taken address is answered like a new one (issue 21 item 2, rate-limits.test.ts); the
    // account is not touched: the other password does not sign in.
    const duplicate = await new TestClient(kiln).signUp('linus@example.com', 'another password 1');
    expect(duplicate.status).toBe(200);
    expect((await new TestClient(kiln).signIn('linus@example.com', 'another password 1')).status).toBe(401);

    const weak = await new TestClient(kiln).signUp('weak@example.com', 'short');
    expect(weak.status).toBe(400);
    expect((await weak.json()).code).toBe('PASSWORD_TOO_SHORT');
  });
});

describe('GET /api/health', () => {
  it('reports the database and the version', async () => {
    const kiln = await createTestKiln();
    const response = await kiln.app.request('/api/health');
    expect(await response.json()).toEqual({ ok: true, database: 'pglite', version: kiln.services.version });
    await kiln.close();
  });
});
