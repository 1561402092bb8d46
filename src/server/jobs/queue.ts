import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { jobs, type JobRow } from '../db/schema/jobs.ts';

/** Raw results differ by driver in type only: both PGlite and node-postgres return `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface EnqueueInput {
  kind: string;
  key: string;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
  /**
   * Whose job it is (stored as `payload.owner`): workers take the next job of the owner with the
   * fewest jobs running, so one person's many builds never hold everyone else's back.
   */
  owner?: string;
  /** Refuse (QueueShareFull) when the owner already has this many jobs of the kind waiting. */
  maxQueuedOfOwner?: number;
}

/** The owner's share of the queue is full (issue 21 item 2). */
export class QueueShareFull extends Error {
  constructor(readonly max: number) {
    super(`The owner already has ${max} jobs waiting`);
  }
}

type Executor = Pick<Database, 'execute'>;

/**
 * The durable job queue on the `jobs` table (docs/decisions/0032-durable-job-queue.md). The
 * same SQL runs on PGlite and PostgreSQL; `FOR UPDATE SKIP LOCKED` lets several workers on
 * one PostgreSQL claim different jobs without waiting on each other.
 */
export class JobQueue {
  constructor(private readonly db: Database) {}

  /** Adds a job unless one with the same key is queued or running (then returns that one). */
  async enqueue(input: EnqueueInput): Promise<{ job: JobRow; isNew: boolean }> {
    const id = randomUUID();
    const { owner, maxQueuedOfOwner: max } = input;
    const isNew =
      owner === undefined || max === undefined
        ? await this.insert(this.db, id, input)
        : await this.db.transaction(async (tx) => {
            // One enqueue per owner at a time, in every process: the count and the insert agree.
            await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`jobs-owner:${owner}`}))`);
            const waiting = await tx.execute(sql`
              select count(*)::int as count from jobs
              where status = 'queued' and kind = ${input.kind} and payload->>'owner' = ${owner}`);
            const isFull = (rowsOf<{ count: number }>(waiting)[0]?.count ?? 0) >= max;
            // Asking again for a job already waiting adds nothing, so it is never refused.
            if (isFull && !(await this.hasActive(tx, input.key))) throw new QueueShareFull(max);
            return this.insert(tx, id, input);
          });
    const job = isNew ? await this.get(id) : await this.active(input.key);
    if (!job) return this.enqueue(input); // the active job finished between the two statements
    return { job, isNew };
  }

  private async insert(executor: Executor, id: string, input: EnqueueInput): Promise<boolean> {
    const payload =
      input.owner === undefined ? (input.payload ?? {}) : { ...input.payload, owner: input.owner };
    const inserted = await executor.execute(sql`
      insert into jobs (id, kind, key, payload, max_attempts)
      values (${id}, ${input.kind}, ${input.key}, ${JSON.stringify(payload)}::jsonb, ${input.maxAttempts ?? 3})
      on conflict (key) where status in ('queued', 'running') do nothing
      returning id`);
    return rowsOf(inserted).length > 0;
  }

  private async hasActive(executor: Executor, key: string): Promise<boolean> {
    const found = await executor.execute(
      sql`select 1 from jobs where key = ${key} and status in ('queued', 'running') limit 1`,
    );
    return rowsOf(found).length > 0;
  }

  /** A finished record without running anything (a cached build is ready at once). */
  async record(input: EnqueueInput & { result: Record<string, unknown> }): Promise<JobRow> {
    const [row] = await this.db
      .insert(jobs)
      .values({
        id: randomUUID(),
        kind: input.kind,
        key: input.key,
        payload: input.payload ?? {},
        status: 'done',
        result: input.result,
      })
      .returning();
    return row!;
  }

  /**
   * Claims a due job of these kinds: a queued one, or a running one whose lease expired (its
   * worker died). Fair share: the job of the owner with the fewest jobs running goes first, the
   * oldest among equals. Returns null when there is none.
   */
  async claim(kinds: readonly string[], workerId: string, leaseMs: number): Promise<JobRow | null> {
    if (kinds.length === 0) return null;
    const kindList = sql.join(
      kinds.map((kind) => sql`${kind}`),
      sql`, `,
    );
    const claimed = await this.db.execute(sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_by = ${workerId},
        locked_until = now() + ${leaseMs}::int * interval '1 millisecond', updated_at = now()
      where id = (
        select id from jobs j
        where kind in (${kindList})
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by (
            select count(*) from jobs r
            where r.status = 'running' and r.locked_until >= now() and r.kind = j.kind
              and r.payload->>'owner' = j.payload->>'owner'
          ), run_at, created_at
        for update skip locked
        limit 1
      )
      returning id`);
    const id = rowsOf<{ id: string }>(claimed)[0]?.id;
    return id ? this.get(id) : null;
  }

  /** Renews the lease and records the step; false when the job is no longer ours. */
  async heartbeat(id: string, workerId: string, leaseMs: number, progress?: string): Promise<boolean> {
    const updated = await this.db.execute(sql`
      update jobs set locked_until = now() + ${leaseMs}::int * interval '1 millisecond', updated_at = now(),
        progress = coalesce(${progress ?? null}, progress)
      where id = ${id} and status = 'running' and locked_by = ${workerId}
      returning id`);
    return rowsOf(updated).length > 0;
  }

  async complete(id: string, workerId: string, result: Record<string, unknown>): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'done', result, lockedBy: null, lockedUntil: null, updatedAt: new Date() })
      .where(and(eq(jobs.id, id), eq(jobs.lockedBy, workerId)));
  }

  /** A crash of the handler: retried later with back-off until max attempts, then failed. */
  async fail(id: string, workerId: string, error: Record<string, unknown>): Promise<void> {
    await this.db.execute(sql`
      update jobs set
        status = case when attempts >= max_attempts then 'failed' else 'queued' end,
        run_at = now() + least(60000, 1000 * power(2, attempts))::int * interval '1 millisecond',
        error = ${JSON.stringify(error)}::jsonb, locked_by = null, locked_until = null, updated_at = now()
      where id = ${id} and locked_by = ${workerId}`);
  }

  /** Gives a running job back (shutdown): the next worker starts it again at once. */
  async release(id: string, workerId: string): Promise<void> {
    await this.db.execute(sql`
      update jobs set status = 'queued', attempts = greatest(0, attempts - 1), locked_by = null,
        locked_until = null, progress = null, updated_at = now()
      where id = ${id} and locked_by = ${workerId} and status = 'running'`);
  }

  /**
   * With the embedded database one process owns the queue, so any job still marked running
   * belongs to a previous run that stopped: queue it again now rather than after its lease.
   */
  async requeueAllRunning(): Promise<number> {
    const result = await this.db.execute(sql`
      update jobs set status = 'queued', locked_by = null, locked_until = null, progress = null, updated_at = now()
      where status = 'running' returning id`);
    return rowsOf(result).length;
  }

  /** Jobs waiting (status queued, due or not) by kind: readiness and the queue-depth metric. */
  async depth(): Promise<Record<string, number>> {
    const result = await this.db.execute(sql`
      select kind, count(*)::int as count from jobs where status = 'queued' group by kind order by kind`);
    return Object.fromEntries(
      rowsOf<{ kind: string; count: number }>(result).map((row) => [row.kind, row.count]),
    );
  }

  async get(id: string): Promise<JobRow | null> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id));
    return row ?? null;
  }

  async active(key: string): Promise<JobRow | null> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.key, key), sql`${jobs.status} in ('queued', 'running')`));
    return row ?? null;
  }

  /** The latest job of a key, whatever its status: the build record. */
  async latest(key: string): Promise<JobRow | null> {
    const [row] = await this.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, key))
      .orderBy(desc(sql`(${jobs.status} in ('queued', 'running'))`), desc(jobs.createdAt))
      .limit(1);
    return row ?? null;
  }
}
