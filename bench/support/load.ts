import { Pool } from 'undici';
import { percentile } from './stats.ts';

export interface LoadResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  bytes: number;
  failures: number;
}

/**
 * Keep-alive load: `connections` sockets, each with one request in flight at a time, for
 * `durationMs`. undici's client (llhttp) parses responses at wire speed, so compressed (binary)
 * bodies measure the server, not the load generator (autocannon's JavaScript parser managed
 * ~2,300 req/s on 18 KB of brotli against a server that does 8,000).
 */
export async function load(options: {
  origin: string;
  path: string;
  headers?: Record<string, string>;
  connections?: number;
  durationMs: number;
}): Promise<LoadResult> {
  const connections = options.connections ?? 50;
  const pool = new Pool(options.origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const latencies: number[] = [];
  let bytes = 0;
  let failures = 0;
  const started = performance.now();
  const end = started + options.durationMs;
  const worker = async () => {
    while (performance.now() < end) {
      const begin = performance.now();
      try {
        const response = await pool.request({ path: options.path, method: 'GET', headers: options.headers });
        for await (const chunk of response.body) bytes += (chunk as Buffer).byteLength;
        if (response.statusCode < 200 || response.statusCode >= 300) failures++;
      } catch {
        failures++;
      }
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    bytes,
    failures,
  };
}
