import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedPlanOf, PLAN_CACHE_MS } from '../../src/server/billing/plan-cache.ts';
import { grantPremium, revokePremium } from '../../src/server/billing/subscriptions.ts';
import { subscriptions } from '../../src/server/db/schema/index.ts';
import { createTestKiln, TestClient } from './test-app.ts';

describe('the plan of a user, remembered by the process for a few seconds', () => {
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => {
    await kiln.close();
  });

  async function newUser(email: string) {
    const client = new TestClient(kiln);
    await client.signUp(email);
    const me = await client.me();
    return { client, userId: me.user!.id };
  }

  it('a grant or a revoke in this process is seen by the very next request', async () => {
    const { client, userId } = await newUser('cache-grant@example.com');
    expect((await client.me()).isPremium).toBe(false);
    await grantPremium(kiln.services.db, userId);
    expect((await client.me()).isPremium).toBe(true);
    await revokePremium(kiln.services.db, userId);
    expect((await client.me()).isPremium).toBe(false);
  });

  it('a change made elsewhere (another process) is seen once PLAN_CACHE_MS have passed', async () => {
    const { userId } = await newUser('cache-elsewhere@example.com');
    const db = kiln.services.db;
    const now = Date.now();
    expect((await cachedPlanOf(db, userId, now)).isPremium).toBe(false);
    // What the CLI in another process does: a row this process was not told about.
    await db.insert(subscriptions).values({
      id: crypto.randomUUID(),
      userId,
      status: 'active',
      currentPeriodStart: new Date(),
    });
    expect((await cachedPlanOf(db, userId, now + 1_000)).isPremium).toBe(false);
    expect((await cachedPlanOf(db, userId, now + PLAN_CACHE_MS + 1)).isPremium).toBe(true);
  });
});
