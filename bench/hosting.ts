/**
 * `npm run bench -- hosting [--duration=5]`: deployed sites (issue 14).
 * - deploy_ms: deploying an already-built React version (median of 7 deploy → undeploy cycles),
 *   measured in process — the store of its files in the blob store and the database write.
 * - serve_p50_ms / serve_rps: a Kiln process started afresh on the same data folder (so the
 *   deployment also survives a restart) serves the site's index.html and a 200 KB JavaScript
 *   asset to an undici load generator (keep-alive, 50 connections, a browser's Accept-Encoding); the worse of
 *   the two is reported.
 * - ask_p50_ms: Caddy's on-demand TLS question for the deployed subdomain, same load.
 * Targets: serve p50 ≤ 2 ms and ≥ 3,000 requests/s; ask p50 ≤ 2 ms; deploy ≤ 300 ms.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serializeSnapshot } from '../src/core/artifact/index.ts';
import { PLANS } from '../src/core/plans/index.ts';
import { grantPremium } from '../src/server/billing/subscriptions.ts';
import { parseConfig } from '../src/server/config.ts';
import { chats, messages, users } from '../src/server/db/schema/index.ts';
import type { RequestViewer } from '../src/server/http/viewer.ts';
import { createKiln } from '../src/server/main.ts';
import { loadBlankTemplate } from '../src/server/templates/load.ts';
import { startKilnProcess } from './support/kiln-process.ts';
import { load, type LoadResult } from './support/load.ts';
import { median, round } from './support/stats.ts';

/** A 200 KB script that compresses like real bundled code (not like random bytes). */
function bundleLikeScript(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = `export function component${i}(props){const state${i}={count:${i},label:"Item ${i}",items:[${i},${(i * 7) % 13},${(i * 31) % 97}]};return h("div",{className:"card-${i % 17}"},state${i}.label+props.suffix);}\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('').slice(0, bytes);
}

/** One load run; every answer must be a 2xx. */
async function measure(origin: string, path: string, durationMs: number, headers: Record<string, string>) {
  const result = await load({ origin, path, headers, connections: 50, durationMs });
  if (result.failures > 0) throw new Error(`${path}: ${result.failures} of ${result.requests} failed`);
  return result;
}

export default async function run(args: string[]): Promise<void> {
  const duration = Number(args.find((arg) => arg.startsWith('--duration='))?.split('=')[1] ?? 5);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-hosting-'));
  const env = { KILN_SECRET: 'h'.repeat(40), KILN_DEMO_DELAY_MS: '0' };
  const config = parseConfig({ ...env, KILN_DATA_DIR: dataDir });
  const kiln = await createKiln(config);
  const { db } = kiln.services;
  kiln.services.preview.start();

  const userId = randomUUID();
  await db.insert(users).values({ id: userId, email: `${userId}@bench.local`, fullName: 'Bench' });
  await grantPremium(db, userId);
  const viewer: RequestViewer = {
    user: { id: userId, name: 'Bench', email: `${userId}@bench.local` },
    plan: PLANS.premium,
    isPremium: true,
    periodStart: new Date(),
  };

  // A React version (built once) and an HTML version holding a 200 KB script.
  const reactChat = randomUUID();
  const htmlChat = randomUUID();
  const template = await loadBlankTemplate('react');
  const snapshot = (files: { name: string; content: string }[]) =>
    serializeSnapshot({ title: 'Bench', files: files.map((file) => ({ ...file, isLocked: false })) });
  const html = `<!doctype html><html><head><script type="module" src="/assets/app-4f9c2b1a.js"></script></head><body><h1>Bench site</h1></body></html>`;
  for (const [id, framework, code] of [
    [reactChat, 'react', snapshot(template.map((f) => ({ name: f.name, content: f.content })))],
    [
      htmlChat,
      'html',
      snapshot([
        { name: 'index.html', content: html },
        { name: 'assets/app-4f9c2b1a.js', content: bundleLikeScript(200 * 1024) },
      ]),
    ],
  ] as const) {
    await db.insert(chats).values({ id, userId, slug: `bench-${id}`, framework });
    await db.insert(messages).values([
      { id: randomUUID(), chatId: id, userId, role: 'user', version: 1, content: 'bench' },
      {
        id: randomUUID(),
        chatId: id,
        userId,
        role: 'assistant',
        version: 1,
        content: code,
        artifactCode: code,
        finishReason: 'stop',
      },
    ]);
  }
  const { deployments } = kiln.services.hosting;
  console.log('building the React version…');
  await deployments.deploy(viewer, reactChat, { subdomain: 'bench-react', version: 1 });
  const deployTimes: number[] = [];
  for (let i = 0; i < 7; i++) {
    await deployments.undeploy(viewer, reactChat);
    const started = performance.now();
    await deployments.deploy(viewer, reactChat, { subdomain: 'bench-react', version: 1 });
    deployTimes.push(performance.now() - started);
  }
  await deployments.deploy(viewer, htmlChat, { subdomain: 'bench-site', version: 1 });
  await kiln.close();

  // A fresh process on the same data folder: the deployment survived the restart.
  // The ask's window stays on (its cost is measured) but out of reach of the bench's flood.
  const server = await startKilnProcess(
    { ...env, KILN_HOST: 'localhost', KILN_RATE_LIMITS: 'tls-ask=100000000/1m' },
    { dataDir, keepData: false },
  );
  try {
    const port = new URL(server.url).port;
    const base = `http://127.0.0.1:${port}`;
    const site = { host: `bench-site.localhost:${port}`, 'accept-encoding': 'gzip, deflate, br' };
    // Warm the compressed copies first (compression runs once per file).
    await measure(base, '/', 500, site);
    await measure(base, '/assets/app-4f9c2b1a.js', 500, site);
    const page = await measure(base, '/', duration * 1000, site);
    const asset = await measure(base, '/assets/app-4f9c2b1a.js', duration * 1000, site);
    const ask = await measure(base, '/api/tls/ask?domain=bench-site.localhost', duration * 1000, {});
    const rows = [
      ['index.html', page],
      ['200 KB asset (br)', asset],
      ['/api/tls/ask', ask],
    ] as const;
    console.log('\nrequest              p50 ms  p99 ms   req/s    MB/s');
    for (const [name, m] of rows as readonly (readonly [string, LoadResult])[]) {
      const mbs = m.bytes / 1e6 / (m.requests / m.rps);
      console.log(
        `${name.padEnd(20)} ${m.p50Ms.toFixed(2).padStart(6)} ${m.p99Ms.toFixed(2).padStart(7)} ${String(Math.round(m.rps)).padStart(7)} ${mbs.toFixed(1).padStart(7)}`,
      );
    }
    console.log(`deploy (built)       ${round(median(deployTimes))} ms median of ${deployTimes.length}`);
    const result = {
      name: 'hosting',
      serve_p50_ms: round(Math.max(page.p50Ms, asset.p50Ms), 2),
      serve_rps: Math.round(Math.min(page.rps, asset.rps)),
      ask_p50_ms: round(ask.p50Ms, 2),
      deploy_ms: round(median(deployTimes)),
    };
    console.log(`BENCH ${JSON.stringify(result)}`);
  } finally {
    await server.stop();
  }
}
