import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../src/server/paths.ts';

/** Kiln's API as a separate process (no web bundle step), so its memory can be read apart. */
export interface KilnProcess {
  url: string;
  /** The public address Better Auth trusts as an origin. */
  origin: string;
  child: ChildProcess;
  dataDir: string;
  /** Peak resident memory so far (VmHWM), in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

export async function startKilnProcess(
  env: Record<string, string>,
  options: { dataDir?: string; keepData?: boolean; previews?: boolean } = {},
): Promise<KilnProcess> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-'));
  const port = 3600 + Math.floor(Math.random() * 300);
  // Previews build in this process, as with npm start; closing Kiln stops their servers.
  // SIGTERM closes Kiln and exits, so --cpu-prof (NODE_OPTIONS) writes its profile.
  const previews = options.previews ? 'kiln.services.preview.start();' : '';
  const child = spawn(
    process.execPath,
    [
      // KILN_BENCH_PROFILE_DIR: a CPU profile of the Kiln process, written when it stops.
      ...(process.env.KILN_BENCH_PROFILE_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.KILN_BENCH_PROFILE_DIR}`]
        : []),
      '--import',
      'tsx',
      '-e',
      `const { parseConfig } = await import('./src/server/config.ts');
       const { createKiln } = await import('./src/server/main.ts');
       const { serve } = await import('@hono/node-server');
       const kiln = await createKiln(parseConfig(process.env));
       serve({ fetch: kiln.app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
       ${previews}
       process.on('SIGTERM', () => kiln.close().finally(() => process.exit(0)));`,
    ],
    {
      cwd: REPO_ROOT,
      // Warnings and errors only: an access-log line per request would bury the BENCH output.
      env: { ...process.env, KILN_LOG_LEVEL: 'warn', ...env, PORT: String(port), KILN_DATA_DIR: dataDir },
      stdio: 'inherit',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('Kiln exited during start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error('Kiln did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    origin: `http://localhost:${port}`,
    child,
    dataDir,
    peakRssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
