import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { JobRow } from '../db/schema/jobs.ts';
import { observeJobClaimed } from '../observability/metrics.ts';
import type { JobQueue } from './queue.ts';

export interface JobContext {
  /** Records the job's step (and renews its lease). */
  progress(step: string): Promise<void>;
  /**
   * Records the job's step in the background: the job goes on at once, the steps are written in
   * the order reported, and the job's end is recorded only after them (a preview build's steps,
   * issue 34 item 4: none of its time waits for the database).
   */
  report(step: string): void;
  /** Aborted when the worker shuts down: stop and let the job be picked up again. */
  signal: AbortSignal;
}

export type JobHandler = (job: JobRow, context: JobContext) => Promise<Record<string, unknown>>;

export interface WorkerOptions {
  queue: JobQueue;
  handlers: Record<string, JobHandler>;
  /** Jobs run at the same time by this process. */
  concurrency?: number;
  /** How often to look for work when nobody called `wake()`. */
  pollMs?: number;
  leaseMs?: number;
  log?: (message: string) => void;
}

export interface Worker {
  readonly id: string;
  start(): void;
  /** Looks for work now (called after an enqueue in this process). */
  wake(): void;
  /** Stops claiming, aborts running jobs and gives them back to the queue. */
  close(): Promise<void>;
}

/**
 * Runs queued jobs in this process: the in-process worker of `KILN_ROLE=all` and the whole of
 * `KILN_ROLE=worker`. A running job's lease is renewed every third of its length.
 */
export function createWorker(options: WorkerOptions): Worker {
  const id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 1;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 30_000;
  const kinds = Object.keys(options.handlers);
  const log = options.log ?? ((message: string) => console.log(message));
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let isStarted = false;
  let isClosed = false;
  let timer: NodeJS.Timeout | undefined;
  let isPumping = false;
  let wantsPump = false;

  async function runJob(job: JobRow): Promise<void> {
    const controller = new AbortController();
    const handler = options.handlers[job.kind]!;
    const renew = setInterval(() => {
      void options.queue.heartbeat(job.id, id, leaseMs).catch(() => undefined);
    }, leaseMs / 3);
    let reports = Promise.resolve();
    const context: JobContext = {
      signal: controller.signal,
      progress: async (step) => {
        await options.queue.heartbeat(job.id, id, leaseMs, step);
      },
      report: (step) => {
        reports = reports
          .then(() => options.queue.heartbeat(job.id, id, leaseMs, step))
          .then(
            () => undefined,
            () => undefined,
          );
      },
    };
    const done = (async () => {
      try {
        const result = await handler(job, context).finally(() => reports);
        if (controller.signal.aborted) await options.queue.release(job.id, id);
        else await options.queue.complete(job.id, id, result);
      } catch (error) {
        if (controller.signal.aborted) {
          await options.queue.release(job.id, id).catch(() => undefined);
        } else {
          log(
            `job ${job.kind} ${job.key} failed (attempt ${job.attempts}): ${(error as Error).stack ?? error}`,
          );
          await options.queue.fail(job.id, id, { message: (error as Error).message }).catch(() => undefined);
        }
      } finally {
        clearInterval(renew);
        running.delete(job.id);
        wake();
      }
    })();
    running.set(job.id, { controller, done });
  }

  async function pump(): Promise<void> {
    if (isPumping) {
      wantsPump = true;
      return;
    }
    isPumping = true;
    try {
      do {
        wantsPump = false;
        while (!isClosed && running.size < concurrency) {
          const job = await options.queue.claim(kinds, id, leaseMs);
          if (!job) break;
          observeJobClaimed(job);
          if (isClosed) {
            await options.queue.release(job.id, id);
            break;
          }
          await runJob(job);
        }
      } while (wantsPump && !isClosed);
    } catch (error) {
      if (!isClosed) log(`job worker: ${(error as Error).message}`);
    } finally {
      isPumping = false;
    }
  }

  function wake(): void {
    if (isStarted && !isClosed) void pump();
  }

  return {
    id,
    start() {
      if (isStarted) return;
      isStarted = true;
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    wake,
    async close() {
      isClosed = true;
      if (timer) clearInterval(timer);
      for (const { controller } of running.values()) controller.abort();
      await Promise.all([...running.values()].map(({ done }) => done));
      // A pump in flight may still be claiming; let it finish so nothing stays locked.
      while (isPumping) await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}
