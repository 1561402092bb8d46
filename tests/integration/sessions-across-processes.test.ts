import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SESSIONS_CHANNEL } from '../../src/server/auth/session-changes.ts';
import type { RealtimeEvent } from '../../src/server/realtime/events.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createFreshDatabase } from './postgres-server.ts';
import { createTestKiln, TestClient } from './test-app.ts';

/**
 * Two web processes on one PostgreSQL (issue 20 item 2): a sign-out through one is seen by the
 * other at once, not after its session cache's 5 s.
 */
describe('sessions across web processes', () => {
  let a: Awaited<ReturnType<typeof createTestKiln>>;
  let b: Awaited<ReturnType<typeof createTestKiln>>;
  beforeAll(async () => {
    const env = { DATABASE_URL: await createFreshDatabase(inject('postgresUrl')) };
    a = await createTestKiln(env);
    b = await createTestKiln(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  /** Resolves when process B has received the next session change (after its own listener). */
  function nextSessionChangeAtB(): Promise<RealtimeEvent> {
    return new Promise((resolve) => {
      const off = b.services.realtime.subscribe(SESSIONS_CHANNEL, (event) => {
        off();
        resolve(event);
      });
    });
  }

  it('a sign-out through web A ends the session at web B, whose cache held it', async () => {
    const { email } = await signedUpUser(a);
    const signedIn = new TestClient(a);
    await signedIn.signIn(email);
    const cookie = signedIn.lastSetCookie.map((line) => line.split(';')[0]).join('; ');
    const meAtB = async () =>
      (await (await b.app.request('/api/me', { headers: { cookie } })).json()) as { user: unknown };
    expect((await meAtB()).user).not.toBeNull(); // now in B's session cache

    const changed = nextSessionChangeAtB();
    const out = await signedIn.request('/api/auth/sign-out', { method: 'POST', json: {} });
    expect(out.ok).toBe(true);
    await changed;
    expect((await meAtB()).user).toBeNull();
  });
});
