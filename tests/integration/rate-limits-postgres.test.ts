import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema/index.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createFreshDatabase } from './postgres-server.ts';
import { createTestKiln, TestClient } from './test-app.ts';

/**
 * Issue 21 item 2: a limit holds across processes. Two Kilns on one PostgreSQL stand for two
 * processes (each its own pool); requests alternate between them or arrive at both at once.
 */
describe('rate limits across two processes on one PostgreSQL', () => {
  let first: Awaited<ReturnType<typeof createTestKiln>>;
  let second: Awaited<ReturnType<typeof createTestKiln>>;
  beforeAll(async () => {
    const env = {
      DATABASE_URL: await createFreshDatabase(inject('postgresUrl')),
      KILN_RATE_LIMITS: 'chat-create=10/1h,sign-in=6/1h,tls-ask=40/1h',
    };
    first = await createTestKiln(env);
    second = await createTestKiln(env);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('chats asked at both at once: exactly 10 are made in all', async () => {
    const { client } = await signedUpUser(first);
    const cookie = (client as unknown as { cookies: Map<string, string> }).cookies;
    const header = [...cookie].map(([name, value]) => `${name}=${value}`).join('; ');
    const ask = (kiln: typeof first) =>
      kiln.app.request('/api/chats', {
        method: 'POST',
        headers: {
          cookie: header,
          origin: kiln.services.config.publicUrl,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ prompt: 'A pricing table' }),
      });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => ask(index % 2 ? first : second)),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
  });

  it("wrong passwords alternating between the processes share one window (Better Auth's, in the database)", async () => {
    await new TestClient(first).signUp('pg-target@example.com');
    const statuses = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const response = await new TestClient(attempt % 2 ? first : second).request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: 'pg-target@example.com', password: `guess ${attempt}` },
        headers: { 'x-forwarded-for': '203.0.113.50' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it('a leased window (issue 34): asked at both at once, exactly its max is admitted in all, with a write per lease', async () => {
    // 40 an hour leases 4 at a time (core/limits/lease.ts): each process admits from memory.
    const ask = (kiln: typeof first, index: number) =>
      kiln.app.request(`/api/tls/ask?domain=lease${index}.example.com`);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => ask(index % 2 ? first : second, index)),
    );
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(40);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60);
    // Counted by lease: the stored count is the leases taken (each process's last one found the
    // window full), not one per request.
    const [row] = await first.services.db
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(like(rateLimits.key, 'kiln:tls-ask:%'));
    expect(Number(row!.count)).toBeGreaterThanOrEqual(40);
    expect(Number(row!.count)).toBeLessThanOrEqual(40 + 2 * 4);
  });
});
