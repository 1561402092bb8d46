import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Kiln's Prometheus metrics (issue 20 item 3), served at GET /metrics (metrics-route.ts). One
 * registry per process: with several web and worker processes, a scraper scrapes each one (they
 * add up in Prometheus), so nothing here is shared through the database. Labels are bounded sets
 * (route patterns, never raw paths; frameworks; finish reasons), so series never grow per user.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpRequests = new Counter({
  name: 'kiln_http_requests_total',
  help: 'HTTP requests answered, by method, matched route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'kiln_http_request_duration_seconds',
  help: 'Time to the response headers (a stream counts until it starts), by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: SECONDS,
  registers: [registry],
});

const generationsStarted = new Counter({
  name: 'kiln_generations_started_total',
  help: 'Generations started in this process',
  registers: [registry],
});

const generationsFinished = new Counter({
  name: 'kiln_generations_finished_total',
  help: "Generations finished in this process, by reason (stop, length, error, or the stop's reason)",
  labelNames: ['reason'] as const,
  registers: [registry],
});

const generationDuration = new Histogram({
  name: 'kiln_generation_duration_seconds',
  help: 'From start to the stored version, by finish reason',
  labelNames: ['reason'] as const,
  buckets: [1, 2, 5, 10, 20, 30, 60, 120, 300, 600],
  registers: [registry],
});

const generationBytes = new Histogram({
  name: 'kiln_generation_output_bytes',
  help: "Bytes of the model's answer (UTF-8), by finish reason",
  labelNames: ['reason'] as const,
  buckets: [1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304],
  registers: [registry],
});

/** Set at each scrape from the jobs table (the queue is shared, so every process reports it). */
export const jobQueueDepth = new Gauge({
  name: 'kiln_job_queue_depth',
  help: 'Jobs waiting in the shared queue (status queued), by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

const jobWait = new Histogram({
  name: 'kiln_job_wait_seconds',
  help: 'From a job being due (queued, or its retry time) to a worker of this process claiming it',
  labelNames: ['kind'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

const buildDuration = new Histogram({
  name: 'kiln_build_duration_seconds',
  help: 'Preview and deployment builds run by this process, by framework and result',
  labelNames: ['framework', 'result'] as const,
  buckets: [1, 2, 5, 10, 20, 30, 60, 120, 180, 300],
  registers: [registry],
});

const cacheLookups = new Counter({
  name: 'kiln_cache_lookups_total',
  help: 'Cache lookups by cache and result (hit or miss)',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
});

/** What the metrics read of a running generation (generation/running.ts). */
interface GenerationLike {
  text(): string;
  stopReason: string | null;
}

const generationStarts = new WeakMap<GenerationLike, number>();

export function observeGenerationStarted(generation: GenerationLike): void {
  generationStarts.set(generation, performance.now());
  generationsStarted.inc();
}

/** `reason`: how the version ended; a stop by the owner or a sign-out is counted as such. */
export function observeGenerationFinished(generation: GenerationLike, reason: string): void {
  const label = generation.stopReason ?? reason;
  generationsFinished.inc({ reason: label });
  const started = generationStarts.get(generation);
  if (started !== undefined)
    generationDuration.observe({ reason: label }, (performance.now() - started) / 1000);
  generationBytes.observe({ reason: label }, Buffer.byteLength(generation.text()));
}

/** A worker claimed a job: its wait, measured on the database's clock (both times are its `now()`). */
export function observeJobClaimed(job: { kind: string; runAt: Date; updatedAt: Date }): void {
  jobWait.observe({ kind: job.kind }, Math.max(0, job.updatedAt.getTime() - job.runAt.getTime()) / 1000);
}

/** A build that ran (not a cache hit): `startedAt` from performance.now(). */
export function observeBuild(framework: string, succeeded: boolean, startedAt: number): void {
  const result = succeeded ? 'ready' : 'error';
  buildDuration.observe({ framework, result }, (performance.now() - startedAt) / 1000);
}

export function observeCacheLookup(cache: string, hit: boolean): void {
  cacheLookups.inc({ cache, result: hit ? 'hit' : 'miss' });
}
