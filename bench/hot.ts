/**
 * `npm run bench -- hot [--runs=3]` (issue 34): the paths that serve every visitor, in one go —
 * a deployed site and Caddy's TLS ask (the hosting bench), the generation's added first byte (the
 * generation bench) and a warm preview per framework (the preview bench, warm runs only) — each
 * in a process of its own, then one line:
 * `BENCH {"name":"hot","site_p50_ms","site_rps","ask_p50_ms","first_byte_p50_ms","warm_react_ms",
 * "warm_vue_ms","warm_svelte_ms","warm_angular_ms", "bare_p50_ms","bare_rps","load_average"}`.
 * `bare_*` is a bare Node HTTP server answering the same load: the machine's own ceiling, so a
 * figure that misses its goal on a slow machine can be told from one Kiln makes slow.
 * Goals: site ≤ 1 ms and ≥ 30,000 req/s, ask ≤ 1 ms, first byte ≤ 5 ms, warm React/Vue/Svelte
 * ≤ 150 ms, Angular ≤ 1,500 ms.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './support/load.ts';
import { round } from './support/stats.ts';

const REPO = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs `npm run bench -- {args}` in a child process, its output passed through; its BENCH line. */
function benchLine(args: string[]): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], {
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let last: string | null = null;
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('BENCH ')) last = line.slice('BENCH '.length);
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0 || last === null) reject(new Error(`bench ${args.join(' ')} failed (exit ${code})`));
      else resolve(JSON.parse(last) as Record<string, unknown>);
    });
  });
}

/** The same load as the hosting bench against a bare Node server sending a page of the same size. */
async function bareServer(durationMs: number): Promise<{ p50Ms: number; rps: number }> {
  const body = Buffer.alloc(700, 'a');
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html', 'content-length': body.length });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await load({ origin, path: '/', durationMs: 500 });
    const result = await load({ origin, path: '/', durationMs });
    return { p50Ms: result.p50Ms, rps: result.rps };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const GOALS = {
  site_p50_ms: 1,
  site_rps: 30_000,
  ask_p50_ms: 1,
  first_byte_p50_ms: 5,
  warm_react_ms: 150,
  warm_vue_ms: 150,
  warm_svelte_ms: 150,
  warm_angular_ms: 1500,
} as const;

export default async function run(args: string[]): Promise<void> {
  const runs = args.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? '3';
  const hosting = await benchLine(['hosting']);
  const generation = await benchLine(['generation']);
  const preview = await benchLine(['preview', `--runs=${runs}`, '--warm-only']);
  const bare = await bareServer(5000);
  const warm = (framework: string) =>
    (preview.frameworks as Record<string, { warm_ms: number }> | undefined)?.[framework]?.warm_ms ?? NaN;
  const figures = {
    site_p50_ms: hosting.serve_p50_ms as number,
    site_rps: hosting.serve_rps as number,
    ask_p50_ms: hosting.ask_p50_ms as number,
    first_byte_p50_ms: generation.added_first_byte_p50_ms as number,
    warm_react_ms: warm('react'),
    warm_vue_ms: warm('vue'),
    warm_svelte_ms: warm('svelte'),
    warm_angular_ms: warm('angular'),
  };
  console.log('\npath                    figure      goal');
  for (const [name, value] of Object.entries(figures)) {
    const goal = GOALS[name as keyof typeof GOALS];
    const met = name === 'site_rps' ? value >= goal : value <= goal;
    console.log(
      `${name.padEnd(22)} ${String(value).padStart(8)} ${(name === 'site_rps' ? '≥ ' : '≤ ') + goal}  ${met ? 'met' : 'MISSED'}`,
    );
  }
  console.log(
    `bare Node server, same load: p50 ${round(bare.p50Ms, 2)} ms, ${Math.round(bare.rps)} req/s (the machine's ceiling)`,
  );
  const result = {
    name: 'hot',
    ...figures,
    bare_p50_ms: round(bare.p50Ms, 2),
    bare_rps: Math.round(bare.rps),
    load_average: os.loadavg().map((value) => round(value, 2)),
  };
  console.log(`BENCH ${JSON.stringify(result)}`);
}
