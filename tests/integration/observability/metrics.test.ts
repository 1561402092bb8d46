import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueue } from '../../../src/server/jobs/queue.ts';
import { createChat, generate, signedUpUser } from '../generation-helpers.ts';
import { createTestKiln } from '../test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of the first sample whose name and labels match (labels in any order). */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const pairs = new Map([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (Object.entries(labels).every(([key, value]) => pairs.get(key) === value)) return Number(match[3]);
  }
  return null;
}

describe('GET /metrics (issue 20 item 3)', () => {
  let kiln: TestKiln;
  const scrape = async () => {
    const response = await kiln.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  };

  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_METRICS_TOKEN: TOKEN, KILN_DEMO_DELAY_MS: '0' });
  });
  afterAll(async () => kiln?.close());

  it('answers 401 without the token or with a wrong one, and no numbers', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ] as Record<string, string>[]) {
      const response = await kiln.app.request('/metrics', { headers });
      expect(response.status).toBe(401);
      expect(await response.text()).not.toContain('kiln_');
    }
  });

  it('counts requests by route pattern and status, never by raw path; Node process metrics too', async () => {
    await kiln.app.request('/api/health');
    await kiln.app.request('/api/health');
    await kiln.app.request('/api/users/0000-raw-id-in-the-path');
    const text = await scrape();
    expect(
      sample(text, 'kiln_http_requests_total', { method: 'GET', route: '/api/health', status: '200' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'kiln_http_requests_total', { route: '/api/users/:id' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('0000-raw-id-in-the-path');
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('reports generations started and finished, their duration and bytes, after a demo generation', async () => {
    const { client } = await signedUpUser(kiln);
    const chat = await createChat(client, 'html', 'A landing page');
    const { response } = await generate(client, { id: chat.id, prompt: 'A landing page' });
    expect(response.status).toBe(200);
    // The version is stored (and counted) as the stream ends; poll rather than assume the order.
    await expect
      .poll(async () => sample(await scrape(), 'kiln_generations_finished_total', { reason: 'stop' }))
      .toBeGreaterThanOrEqual(1);
    const text = await scrape();
    expect(Number(/^kiln_generations_started_total (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'kiln_generation_duration_seconds_count', { reason: 'stop' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'kiln_generation_output_bytes_sum', { reason: 'stop' })).toBeGreaterThan(100);
  });

  it("reports the job queue's depth by kind, read from the jobs table at scrape time", async () => {
    const queue = new JobQueue(kiln.services.db);
    await queue.enqueue({ kind: 'metrics-test', key: 'metrics-test:1' });
    await queue.enqueue({ kind: 'metrics-test', key: 'metrics-test:2' });
    expect(sample(await scrape(), 'kiln_job_queue_depth', { kind: 'metrics-test' })).toBe(2);
  });
});

describe('GET /metrics without KILN_METRICS_TOKEN', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => kiln?.close());

  it('answers 404, whatever the request carries: nothing leaks by default', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const response = await kiln.app.request('/metrics', { headers });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('kiln_');
    }
  });
});
