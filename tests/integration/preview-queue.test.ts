import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { createWorker, JobQueue } from '../../src/server/jobs/index.ts';

const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles) await handle.close().catch(() => undefined);
});

async function open(target: Parameters<typeof openDatabase>[0]) {
  const handle = await openDatabase(target);
  handles.push(handle);
  return handle;
}

describe('the durable job queue', () => {
  it('a job requested twice is queued once (dedupe by key while queued or running)', async () => {
    const { db } = await open({ kind: 'pglite' });
    const queue = new JobQueue(db);
    const first = await queue.enqueue({ kind: 'preview-build', key: 'preview:c:1' });
    const second = await queue.enqueue({ kind: 'preview-build', key: 'preview:c:1' });
    expect(first.isNew).toBe(true);
    expect(second.isNew).toBe(false);
    expect(second.job.id).toBe(first.job.id);

    let runs = 0;
    const worker = createWorker({
      queue,
      handlers: {
        'preview-build': async () => {
          runs += 1;
          return { status: 'ready' };
        },
      },
      pollMs: 20,
    });
    worker.start();
    await expect.poll(async () => (await queue.get(first.job.id))?.status).toBe('done');
    await worker.close();
    expect(runs).toBe(1);
    // Once done, a new request is a new job (a forced rebuild).
    expect((await queue.enqueue({ kind: 'preview-build', key: 'preview:c:1' })).isNew).toBe(true);
  });

  it('steps reported in the background: the job goes on before they are written, and ends after them in order', async () => {
    const { db } = await open({ kind: 'pglite' });
    // A database slow to record steps: each waits until the test lets it through.
    const gates: (() => void)[] = [];
    const written: string[] = [];
    class SlowSteps extends JobQueue {
      override async heartbeat(id: string, workerId: string, leaseMs: number, progress?: string) {
        if (progress !== undefined) {
          await new Promise<void>((resolve) => gates.push(resolve));
          written.push(progress);
        }
        return super.heartbeat(id, workerId, leaseMs, progress);
      }
    }
    const queue = new SlowSteps(db);
    const { job } = await queue.enqueue({ kind: 'preview-build', key: 'preview:steps:1' });
    let handlerEnded = false;
    const worker = createWorker({
      queue,
      handlers: {
        'preview-build': async (_job, context) => {
          context.report('initializing');
          context.report('processing');
          context.report('starting');
          handlerEnded = true;
          return { status: 'ready' };
        },
      },
      pollMs: 20,
    });
    worker.start();
    await expect.poll(() => handlerEnded).toBe(true);
    // The handler ran to its end while no step had been written yet; the job is not done before them.
    expect(written).toEqual([]);
    expect((await queue.get(job.id))?.status).toBe('running');
    while ((await queue.get(job.id))?.status !== 'done') {
      gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await worker.close();
    expect(written).toEqual(['initializing', 'processing', 'starting']);
    expect((await queue.get(job.id))?.progress).toBe('starting');
  });

  it('jobs survive a restart: queued and interrupted jobs run after the database is reopened', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-queue-'));
    try {
      const before = await open({ kind: 'pglite', dataDir: dir });
      const queue = new JobQueue(before.db);
      await queue.enqueue({ kind: 'preview-build', key: 'preview:a:1' });
      await queue.enqueue({ kind: 'preview-build', key: 'preview:b:1' });
      // A worker claimed one and then the process died.
      const claimed = await queue.claim(['preview-build'], 'dead-worker', 60_000);
      expect(claimed?.status).toBe('running');
      await before.close();

      const after = await open({ kind: 'pglite', dataDir: dir });
      const reopened = new JobQueue(after.db);
      expect(await reopened.requeueAllRunning()).toBe(1);
      const done: string[] = [];
      const worker = createWorker({
        queue: reopened,
        handlers: {
          'preview-build': async (job) => {
            done.push(job.key);
            return {};
          },
        },
        pollMs: 20,
      });
      worker.start();
      await expect.poll(() => done.length).toBe(2);
      await worker.close();
      expect(done.sort()).toEqual(['preview:a:1', 'preview:b:1']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a crashed handler is retried with back-off, then marked failed after its attempts', async () => {
    const { db } = await open({ kind: 'pglite' });
    const queue = new JobQueue(db);
    const { job } = await queue.enqueue({ kind: 'k', key: 'retry', maxAttempts: 2 });
    await queue.claim(['k'], 'w', 1000);
    await queue.fail(job.id, 'w', { message: 'boom' });
    expect((await queue.get(job.id))?.status).toBe('queued');
    await db.execute(sql`update jobs set run_at = now() where id = ${job.id}`);
    await queue.claim(['k'], 'w', 1000);
    await queue.fail(job.id, 'w', { message: 'boom' });
    expect((await queue.get(job.id))?.status).toBe('failed');
  });

  it('PostgreSQL: several workers never run the same job twice (FOR UPDATE SKIP LOCKED)', async () => {
    const url = inject('postgresUrl');
    const setup = await open({ kind: 'postgres', url });
    await setup.db.execute(sql`delete from jobs where kind = 'concurrency-test'`);
    const seed = new JobQueue(setup.db);
    for (let i = 0; i < 40; i++) await seed.enqueue({ kind: 'concurrency-test', key: `job-${i}` });

    const seen: string[] = [];
    const workers = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const { db } = await open({ kind: 'postgres', url });
        return createWorker({
          queue: new JobQueue(db),
          concurrency: 3,
          pollMs: 10,
          handlers: {
            'concurrency-test': async (job) => {
              seen.push(job.key);
              await new Promise((resolve) => setTimeout(resolve, 5));
              return {};
            },
          },
        });
      }),
    );
    for (const worker of workers) worker.start();
    await expect.poll(() => seen.length, { timeout: 20_000 }).toBe(40);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await Promise.all(workers.map((worker) => worker.close()));
    expect(new Set(seen).size).toBe(40);
    expect(seen.length).toBe(40);
  });
});
