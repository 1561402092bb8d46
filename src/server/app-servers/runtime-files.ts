import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the runtime's own files are, outside and inside the sandbox. */
export interface RuntimeFiles {
  dir: string;
  runner: string;
  preload: string;
}

const source = (name: string) => fileURLToPath(new URL(`./runtime/${name}`, import.meta.url));

const written = new Map<string, Promise<RuntimeFiles>>();

/**
 * The runner bundled with @hono/node-server into one file (the sandbox sees no Kiln
 * node_modules), and the egress preload, written once per process into `dir` (decision 0054).
 */
export function runtimeFiles(dir: string): Promise<RuntimeFiles> {
  const known = written.get(dir);
  if (known) return known;
  const pending = (async () => {
    await fs.mkdir(dir, { recursive: true });
    const { build } = await import('esbuild');
    const runner = path.join(dir, 'runner.mjs');
    const preload = path.join(dir, 'egress-preload.mjs');
    await build({
      entryPoints: [source('runner.mjs')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: `${runner}.tmp-${process.pid}`,
      logLevel: 'silent',
    });
    await fs.rename(`${runner}.tmp-${process.pid}`, runner);
    await fs.copyFile(source('egress-preload.mjs'), preload);
    // What the preload imports (shared with the build steps' preload).
    await fs.copyFile(source('egress-connect.mjs'), path.join(dir, 'egress-connect.mjs'));
    return { dir, runner, preload };
  })();
  written.set(dir, pending);
  pending.catch(() => written.delete(dir));
  return pending;
}
