/**
 * `npm run bench -- boot [--runs=3] [--idle=15]`: a fresh `npm start` (temporary data folder, free
 * port) as a user runs it. boot_ms is spawn → GET /api/health 200; idle_rss_mb is the resident
 * memory of its whole process tree (npm, node, standby builds, any other child) read from /proc
 * once it has been npm and the server alone for --idle seconds (settled_s: how long the new data
 * folder's one-time store pre-warm kept pnpm running first). Target (issue 20): idle ≤ 300 MB. The web app and the compiled
 * server are built once before the first timed run, so boot_ms is a start, not a build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/server/paths.ts';
import { median } from './support/stats.ts';
import { treeRss } from './support/process-tree.ts';
import { freePort } from '../tests/support/free-port.ts';

interface Started {
  child: ChildProcess;
  bootMs: number;
  dataDir: string;
}

async function startFresh(command: string[], timeoutMs: number): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-boot-'));
  const port = await freePort();
  const started = performance.now();
  // detached: its own process group, so stopping it reaches every process of the tree.
  const child = spawn(command[0]!, command.slice(1), {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), KILN_DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}) during boot`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop({ child, bootMs: 0, dataDir });
      throw new Error('npm start did not answer /api/health in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, bootMs: performance.now() - started, dataDir };
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stop({ child, dataDir }: Started): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    process.kill(-child.pid!, 'SIGTERM');
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  // The rest of the group (the server under npm) may outlive npm by a moment.
  for (let i = 0; i < 300 && groupAlive(child.pid!); i++) await new Promise((r) => setTimeout(r, 50));
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

export default async function run(args: string[]): Promise<void> {
  const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const runs = Number(option('runs') ?? 3);
  const idleSeconds = Number(option('idle') ?? 15);
  // --command="npx tsx src/server/start.ts" measures another way to start (the one before 0052).
  const command = (option('command') ?? 'npm start').split(' ');

  // Untimed warm-up: builds dist/web and the compiled server when missing or stale.
  await stop(await startFresh(command, 600_000));

  const rows: { run: number; boot_ms: number; settled_s: number; idle_rss_mb: number; processes: string }[] =
    [];
  for (let i = 0; i < runs; i++) {
    const started = await startFresh(command, 120_000);
    try {
      // Idle = no pnpm (the one-time store pre-warm of a new data folder, a standby's install) and
      // the same processes for --idle seconds in a row.
      const settling = performance.now();
      let quietSince = performance.now();
      let count = 0;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const { processes } = treeRss(started.child.pid!);
        if (processes.length !== count || processes.some((p) => p.name === 'pnpm')) {
          count = processes.length;
          quietSince = performance.now();
        } else if (performance.now() - quietSince >= idleSeconds * 1000) break;
        if (performance.now() - settling > 600_000) throw new Error('the process tree never settled');
      }
      const tree = treeRss(started.child.pid!);
      rows.push({
        run: i + 1,
        boot_ms: Math.round(started.bootMs),
        settled_s: Math.round((quietSince - settling) / 1000),
        idle_rss_mb: Math.round(tree.totalMb),
        processes: tree.processes.map((p) => `${p.name} ${Math.round(p.rssMb)}`).join(', '),
      });
    } finally {
      await stop(started);
    }
  }
  console.table(rows);
  const result = {
    name: 'boot',
    boot_ms: Math.round(median(rows.map((row) => row.boot_ms))),
    idle_rss_mb: Math.round(median(rows.map((row) => row.idle_rss_mb))),
  };
  console.log(`BENCH ${JSON.stringify(result)}`);
}
