/**
 * `npm run bench -- functions [--runs=5] [--duration=5]`: app servers (issue 22, decision 0054),
 * measured over real HTTP against a Kiln process on a port, through the preview host.
 * - cold_start_ms: an `api/` handler's first request to a stopped server until its answer
 *   (median of N; the server is stopped by its idle timer, KILN_APP_IDLE_MS=1000).
 * - p50_ms: a warm trivial request (`GET /api/ping`), one at a time.
 * - rps: the same request with 32 in flight (keep-alive undici pool, bench/support/load.ts).
 * - ssr_cold_start_ms / ssr_p50_ms: the corpus's SvelteKit demo (adapter-node, its own server):
 *   the first request to its server-rendered page `/sverdle` after a stop, and that page warm.
 * For comparison (where the time goes): the handler asked on its own Unix socket without Kiln,
 * the same preview host's static index.html, and the same handler deployed (site host).
 * Versions are built in process first (a shared pnpm store in the system's temp folder keeps
 * later runs warm), then a fresh Kiln process serves them from the same data folder.
 * Targets: cold ≤ 300 ms, p50 ≤ 5 ms, ≥ 1,000 requests/s; SSR cold ≤ 2 s, p50 ≤ 20 ms.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool, request } from 'undici';
import { serializeSnapshot, type SnapshotFile } from '../src/core/artifact/index.ts';
import { PLANS } from '../src/core/plans/index.ts';
import { grantPremium } from '../src/server/billing/subscriptions.ts';
import { parseConfig } from '../src/server/config.ts';
import { chats, messages, users } from '../src/server/db/schema/index.ts';
import type { RequestViewer } from '../src/server/http/viewer.ts';
import { createKiln, type Kiln } from '../src/server/main.ts';
import { storeAsset } from '../src/server/storage/assets.ts';
import { loadBlankTemplate } from '../src/server/templates/load.ts';
import { startKilnProcess } from './support/kiln-process.ts';
import { load } from './support/load.ts';
import { median, round } from './support/stats.ts';

const IDLE_MS = 1000;
const SITE = 'bench-functions';
const SSR_PROJECT = path.join(
  import.meta.dirname,
  '..',
  'tests',
  'fixtures',
  'real-projects',
  'sveltekit-demo',
);
const SSR_PAGE = '/sverdle';
/** One store for every run of this bench: the first fills it from the registry. */
const PNPM_DIR = path.join(os.tmpdir(), 'kiln-bench-pnpm');

const HANDLER = `import { Hono } from 'hono';

const app = new Hono().basePath('/api');
app.get('/ping', (c) => c.text('pong'));

export default app;
`;

type Files = Pick<SnapshotFile, 'name' | 'content' | 'binary'>[];

async function handlerProject(): Promise<Files> {
  const template = await loadBlankTemplate('react');
  return [
    ...template
      .filter((file) => file.name !== 'package.json')
      .map((file) => ({ name: file.name, content: file.content })),
    {
      name: 'package.json',
      content: (() => {
        const pkg = JSON.parse(template.find((file) => file.name === 'package.json')!.content) as {
          dependencies: Record<string, string>;
        };
        pkg.dependencies = { ...pkg.dependencies, hono: '^4.6.0' };
        return JSON.stringify(pkg, null, 2);
      })(),
    },
    { name: 'api/index.ts', content: HANDLER },
  ];
}

const isBinary = (bytes: Buffer) =>
  bytes.includes(0) || !Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);

/** The corpus project's files; images go to the blob store as a version's binary files do. */
async function ssrProject(kiln: Kiln): Promise<Files> {
  const files: Files = [];
  const walk = async (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        const name = path.relative(SSR_PROJECT, full).split(path.sep).join('/');
        const bytes = fs.readFileSync(full);
        if (!isBinary(bytes)) files.push({ name, content: bytes.toString('utf8') });
        else {
          const type = name.endsWith('.png') ? 'image/png' : 'image/webp';
          const blob = await storeAsset(kiln.services.blobs, bytes, type);
          files.push({ name, content: '', binary: { kind: 'blob', hash: blob.hash, size: blob.size } });
        }
      }
    }
  };
  await walk(SSR_PROJECT);
  return files;
}

async function addVersion(kiln: Kiln, userId: string, framework: string, files: Files): Promise<string> {
  const chatId = randomUUID();
  const code = serializeSnapshot({
    title: 'Bench',
    files: files.map((file) => ({ ...file, isLocked: false })),
  });
  await kiln.services.db
    .insert(chats)
    .values({ id: chatId, userId, slug: `bench-${chatId}`, framework, isPrivate: false });
  await kiln.services.db.insert(messages).values([
    { id: randomUUID(), chatId, userId, role: 'user', version: 1, content: 'bench' },
    {
      id: randomUUID(),
      chatId,
      userId,
      role: 'assistant',
      version: 1,
      content: code,
      artifactCode: code,
      finishReason: 'stop',
    },
  ]);
  return chatId;
}

async function built(kiln: Kiln, chatId: string): Promise<string | null> {
  await kiln.services.preview.requestBuild(chatId, 1);
  for (;;) {
    const state = await kiln.services.preview.getState(chatId, 1);
    if (state.status === 'ready') return null;
    if (state.status === 'error')
      return `${state.error?.title ?? 'error'}: ${state.error?.content.slice(-800) ?? ''}`;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One GET through the preview host; its time until the whole answer, and the answer. */
async function timed(base: string, host: string, pathname: string) {
  const started = performance.now();
  const response = await request(`${base}${pathname}`, { headers: { host, accept: '*/*' } });
  const body = await response.body.text();
  return { ms: performance.now() - started, status: response.statusCode, body };
}

async function coldStarts(base: string, host: string, pathname: string, expect: string, runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Past the idle timer: the server is stopped, the next request starts it.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 1500));
    const answer = await timed(base, host, pathname);
    if (answer.status !== 200 || !answer.body.includes(expect))
      throw new Error(`${host}${pathname} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    times.push(answer.ms);
  }
  return times;
}

/** Sequential warm requests for `durationMs`: the latency of one request with nothing else going on. */
async function warmP50(base: string, host: string, pathname: string, durationMs: number) {
  const result = await load({ origin: base, path: pathname, headers: { host }, connections: 1, durationMs });
  if (result.failures > 0) throw new Error(`${pathname}: ${result.failures} of ${result.requests} failed`);
  return result;
}

/** The running handler’s socket (app-process.ts: app.sock in a kiln-app- folder of the temp folder), made after `since`. */
function appSocket(since: number): string | null {
  const found = fs
    .readdirSync(os.tmpdir())
    .filter((name) => name.startsWith('kiln-app-'))
    .map((name) => path.join(os.tmpdir(), name, 'app.sock'))
    .filter((file) => fs.existsSync(file) && fs.statSync(file).mtimeMs >= since)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return found[0] ?? null;
}

/** The handler asked on its socket directly: one in flight, then 32. */
async function directLoad(socketPath: string, durationMs: number) {
  const measure = async (connections: number) => {
    const pool = new Pool('http://app', { connect: { socketPath }, connections, pipelining: 1 });
    const latencies: number[] = [];
    const end = performance.now() + durationMs;
    const worker = async () => {
      while (performance.now() < end) {
        const begin = performance.now();
        const response = await pool.request({ path: '/api/ping', method: 'GET' });
        const body = await response.body.text();
        if (response.statusCode !== 200 || body !== 'pong')
          throw new Error(`the socket answered ${response.statusCode}`);
        latencies.push(performance.now() - begin);
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
    await pool.close();
    return { p50Ms: median(latencies), rps: latencies.length / (durationMs / 1000) };
  };
  return { one: await measure(1), many: await measure(32) };
}

export default async function run(args: string[]): Promise<void> {
  const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const runs = Number(option('runs') ?? 5);
  const duration = Number(option('duration') ?? 5) * 1000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-functions-'));
  for (const name of ['pnpm-store', 'pnpm-cache']) {
    fs.mkdirSync(path.join(PNPM_DIR, name), { recursive: true });
    fs.symlinkSync(path.join(PNPM_DIR, name), path.join(dataDir, name));
  }
  const env = { KILN_SECRET: 'f'.repeat(40), KILN_DEMO_DELAY_MS: '0', KILN_BUILD_TIMEOUT_MS: '900000' };

  // 1. Both versions built in process (the data folder keeps their outputs and the kept workspace).
  const kiln = await createKiln(parseConfig({ ...env, KILN_LOG_LEVEL: 'warn', KILN_DATA_DIR: dataDir }));
  kiln.services.preview.start();
  const userId = randomUUID();
  await kiln.services.db
    .insert(users)
    .values({ id: userId, email: `${userId}@bench.local`, fullName: 'Bench' });
  await grantPremium(kiln.services.db, userId);
  const handlerChat = await addVersion(kiln, userId, 'react', await handlerProject());
  const ssrChat = await addVersion(kiln, userId, 'svelte', await ssrProject(kiln));
  console.log('building the api/ handler version and the SvelteKit demo…');
  const [handlerError, ssrError] = await Promise.all([built(kiln, handlerChat), built(kiln, ssrChat)]);
  if (!handlerError) {
    const viewer: RequestViewer = {
      user: { id: userId, name: 'Bench', email: `${userId}@bench.local` },
      plan: PLANS.premium,
      isPremium: true,
      periodStart: new Date(),
    };
    await kiln.services.hosting.deployments.deploy(viewer, handlerChat, { subdomain: SITE, version: 1 });
  }
  await kiln.close();
  if (handlerError) throw new Error(`the api/ handler version did not build: ${handlerError}`);
  if (ssrError) console.log(`the SvelteKit demo did not build, no SSR numbers: ${ssrError}`);

  // 2. A fresh Kiln process serves them over HTTP.
  const server = await startKilnProcess(
    { ...env, KILN_HOST: 'localhost', KILN_APP_IDLE_MS: String(IDLE_MS) },
    { dataDir, keepData: false, previews: true },
  );
  try {
    const base = `http://127.0.0.1:${new URL(server.url).port}`;
    const handlerHost = `${handlerChat}-1.preview.localhost`;
    const measureStarted = Date.now();
    const cold = await coldStarts(base, handlerHost, '/api/ping', 'pong', runs);
    const warm = await warmP50(base, handlerHost, '/api/ping', duration);
    const loaded = await load({
      origin: base,
      path: '/api/ping',
      headers: { host: handlerHost },
      connections: 32,
      durationMs: duration,
    });
    if (loaded.failures > 0)
      throw new Error(`/api/ping under load: ${loaded.failures} of ${loaded.requests} failed`);

    // Where the time goes: the handler's own Unix socket (the app server without Kiln; a request
    // through Kiln every 300 ms keeps its idle timer from stopping it), the same preview host's
    // static index.html (Kiln's preview host without the app server), and the same handler
    // deployed (the site host resolves its site from a cache, not from the version's snapshot).
    const socket = appSocket(measureStarted);
    const keepAlive = setInterval(
      () => void timed(base, handlerHost, '/api/ping').catch(() => undefined),
      300,
    );
    const direct = socket ? await directLoad(socket, duration).catch(() => null) : null;
    clearInterval(keepAlive);
    const staticOne = await warmP50(base, handlerHost, '/index.html', duration);
    const staticMany = await load({
      origin: base,
      path: '/index.html',
      headers: { host: handlerHost },
      connections: 32,
      durationMs: duration,
    });
    const siteHost = `${SITE}.localhost:${new URL(server.url).port}`;
    const siteOne = await warmP50(base, siteHost, '/api/ping', duration);
    const siteMany = await load({
      origin: base,
      path: '/api/ping',
      headers: { host: siteHost },
      connections: 32,
      durationMs: duration,
    });

    let ssr: { cold: number[]; p50: number } | null = null;
    if (!ssrError) {
      const ssrHost = `${ssrChat}-1.preview.localhost`;
      const ssrCold = await coldStarts(base, ssrHost, SSR_PAGE, 'Sverdle', runs);
      const ssrWarm = await warmP50(base, ssrHost, SSR_PAGE, duration);
      ssr = { cold: ssrCold, p50: ssrWarm.p50Ms };
    }

    const line = (label: string, value: number, target: string, met: boolean) =>
      console.log(
        `${label.padEnd(34)} ${String(round(value, 2)).padStart(9)}  target ${target} ${met ? 'met' : 'MISSED'}`,
      );
    console.log(`\nmedians of ${runs} cold starts; warm over ${duration / 1000} s`);
    console.log(`api/ cold starts (ms): ${cold.map((ms) => Math.round(ms)).join(', ')}`);
    line('api/ cold start (ms)', median(cold), '≤ 300', median(cold) <= 300);
    line('api/ warm p50 (ms), 1 in flight', warm.p50Ms, '≤ 5', warm.p50Ms <= 5);
    console.log(`api/ warm p99 (ms), 1 in flight      ${round(warm.p99Ms, 2)}`);
    line('api/ requests/s, 32 in flight', loaded.rps, '≥ 1000', loaded.rps >= 1000);
    console.log(`api/ p50 / p99 under load (ms)       ${round(loaded.p50Ms, 2)} / ${round(loaded.p99Ms, 2)}`);
    const row = (label: string, p50: number, rps: number) =>
      console.log(
        `for comparison: ${label.padEnd(44)} p50 ${String(round(p50, 2)).padStart(6)} ms, ${String(Math.round(rps)).padStart(5)} req/s (32 in flight)`,
      );
    if (direct) row("the handler's own socket, no Kiln", direct.one.p50Ms, direct.many.rps);
    else console.log('for comparison: the handler’s own socket could not be found or asked');
    row('static index.html, same preview host', staticOne.p50Ms, staticMany.rps);
    row('the same handler deployed (site host)', siteOne.p50Ms, siteMany.rps);
    if (ssr) {
      console.log(`SvelteKit cold starts (ms): ${ssr.cold.map((ms) => Math.round(ms)).join(', ')}`);
      line('SvelteKit cold start (ms)', median(ssr.cold), '≤ 2000', median(ssr.cold) <= 2000);
      line(`SvelteKit ${SSR_PAGE} warm p50 (ms)`, ssr.p50, '≤ 20', ssr.p50 <= 20);
    }
    const result = {
      name: 'functions',
      cold_start_ms: Math.round(median(cold)),
      p50_ms: round(warm.p50Ms, 2),
      rps: Math.round(loaded.rps),
      ssr_cold_start_ms: ssr ? Math.round(median(ssr.cold)) : null,
      ssr_p50_ms: ssr ? round(ssr.p50, 2) : null,
    };
    console.log(`BENCH ${JSON.stringify(result)}`);
  } finally {
    await server.stop();
  }
}
