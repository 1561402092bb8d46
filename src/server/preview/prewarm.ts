import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Framework } from '../../core/frameworks/index.ts';
import type { ProjectFile } from './content-hash.ts';
import { installDependencies, type PnpmPaths } from './install.ts';
import { materializeWorkspace } from './workspace.ts';

export const BUILT_FRAMEWORKS: readonly Framework[] = ['react', 'vue', 'svelte', 'angular'];

/**
 * Fills the shared pnpm store with every template's dependencies, so that a version using only
 * its template's packages installs offline. Runs in the background on start; a marker per
 * template package.json makes later starts skip it.
 */
export async function prewarmStore(options: {
  pnpm: PnpmPaths;
  workspacesDir: string;
  templateFiles: (framework: Framework) => Promise<ProjectFile[]>;
  timeoutMs: number;
  memoryMb: number;
  log: (message: string) => void;
  signal?: AbortSignal;
}): Promise<void> {
  const frameworks = BUILT_FRAMEWORKS;
  for (const [index, framework] of frameworks.entries()) {
    if (options.signal?.aborted) return;
    const files = await options.templateFiles(framework);
    const packageJson = files.find((file) => file.name === 'package.json')?.content ?? '';
    const digest = createHash('sha256').update(packageJson).digest('hex').slice(0, 16);
    const marker = path.join(options.pnpm.storeDir, `.kiln-warm-${framework}-${digest}`);
    if (await exists(marker)) continue;
    const label = `${framework} (${index + 1}/${frameworks.length})`;
    options.log(`preview: pre-warming the pnpm store with the ${label} template's dependencies…`);
    const dir = path.join(options.workspacesDir, `prewarm-${framework}-${process.pid}`);
    await fs.rm(dir, { recursive: true, force: true });
    try {
      await materializeWorkspace(dir, [{ name: 'package.json', content: packageJson }]);
      const started = performance.now();
      const result = await installDependencies(
        dir,
        options.pnpm,
        {
          timeoutMs: Math.max(options.timeoutMs, 600_000),
          memoryMb: options.memoryMb,
          maxOutputBytes: 256 * 1024,
        },
        options.signal,
      );
      if (result.exitCode === 0) {
        await fs.mkdir(options.pnpm.storeDir, { recursive: true });
        await fs.writeFile(marker, new Date().toISOString());
        options.log(`preview: ${label} ready in the store (${Math.round(performance.now() - started)} ms)`);
      } else if (!options.signal?.aborted) {
        options.log(
          `preview: pre-warming ${framework} failed; builds fetch on demand.\n${result.output.slice(-2000)}`,
        );
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
