import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { JobQueue, QueueShareFull } from '../../src/server/jobs/index.ts';
import { createFreshDatabase } from './postgres-server.ts';

/**
 * Issue 21 item 2: one person's many builds never hold everyone else's back (fair share), and a
 * person's waiting builds are capped (queue share), on the embedded database and PostgreSQL.
 */
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles) await handle.close().catch(() => undefined);
});

async function open(target: Parameters<typeof openDatabase>[0]) {
  const handle = await openDatabase(target);
  handles.push(handle);
  return handle;
}

const targets = [
  ['the embedded database', async () => ({ kind: 'pglite' as const })],
  [
    'PostgreSQL',
    async () => ({ kind: 'postgres' as const, url: await createFreshDatabase(inject('postgresUrl')) }),
  ],
] as const;

describe.each(targets)('the job queue on %s', (_name, target) => {
  it("takes the next job of the owner with the fewest running, not the oldest: ann's five builds do not starve bob's", async () => {
    const queue = new JobQueue((await open(await target())).db);
    for (let index = 1; index <= 5; index++) {
      await queue.enqueue({ kind: 'preview-build', key: `ann:${index}`, owner: 'ann' });
    }
    await queue.enqueue({ kind: 'preview-build', key: 'bob:1', owner: 'bob' });
    await queue.enqueue({ kind: 'preview-build', key: 'bob:2', owner: 'bob' });
    const order = [];
    for (let claim = 0; claim < 4; claim++) {
      order.push((await queue.claim(['preview-build'], 'worker', 60_000))?.key);
    }
    // Both idle: the oldest (ann's); then bob has none running; then one each: ann's older job.
    expect(order).toEqual(['ann:1', 'bob:1', 'ann:2', 'bob:2']);
  });

  it("refuses a build beyond the owner's share of waiting jobs; the same job asked again is no new one", async () => {
    const queue = new JobQueue((await open(await target())).db);
    const ask = (owner: string, key: string) =>
      queue.enqueue({ kind: 'preview-build', key, owner, maxQueuedOfOwner: 2 });
    expect((await ask('ann', 'a:1')).isNew).toBe(true);
    expect((await ask('ann', 'a:2')).isNew).toBe(true);
    await expect(ask('ann', 'a:3')).rejects.toBeInstanceOf(QueueShareFull);
    expect((await ask('ann', 'a:1')).isNew).toBe(false);
    expect((await ask('bob', 'b:1')).isNew).toBe(true);
    // Asked all at once, the share still holds: the count and the insert happen under one lock.
    const burst = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) => ask('cyd', `c:${index}`)),
    );
    expect(burst.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    // Once one starts running it no longer waits: room for one more.
    expect((await queue.claim(['preview-build'], 'worker', 60_000))?.key).toBe('a:1');
    expect((await ask('ann', 'a:3')).isNew).toBe(true);
  });
});
