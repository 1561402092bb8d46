import fs from 'node:fs';
import path from 'node:path';
import { SHARED_PNPM } from '../preview-helpers.ts';

/**
 * A build the test holds: its script writes half its output, leaves a marker in its workspace,
 * and finishes only once the test writes the release file next to it.
 */
export const STARTED = '.kiln-fault-started';
export const RELEASE = '.kiln-fault-release';
// A build that writes half its output, says so, and finishes only when the test says so.
export const HELD_BUILD_SCRIPT = `import fs from 'node:fs';
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/index.html', '<p>HALF');
fs.writeFileSync('${STARTED}', '');
while (!fs.existsSync('${RELEASE}')) await new Promise((resolve) => setTimeout(resolve, 50));
fs.writeFileSync('dist/index.html', '<!doctype html><p>COMPLETE</p>');
`;

/** The workspaces whose build is waiting for the test (the marker written, no release yet). */
export function heldBuilds(dataDir: string): string[] {
  const root = path.join(dataDir, 'workspaces');
  if (!fs.existsSync(root)) return [];
  // A workspace is a folder of `workspaces/` (or one level below): no need to walk node_modules.
  const dirs = fs.readdirSync(root).flatMap((name) => {
    const dir = path.join(root, name);
    if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
    const inner = fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    return [dir, ...inner.map((entry) => path.join(dir, entry.name))];
  });
  return dirs.filter(
    (dir) => fs.existsSync(path.join(dir, STARTED)) && !fs.existsSync(path.join(dir, RELEASE)),
  );
}

export async function waitForHeldBuild(dataDir: string): Promise<string> {
  for (;;) {
    const [held] = heldBuilds(dataDir);
    if (held) return held;

    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A data folder whose pnpm store is the test run's shared one (dependencies fetched once). */
export function dataDirWithSharedStore(dataDir: string): void {
  for (const name of ['pnpm-store', 'pnpm-cache']) {
    fs.mkdirSync(path.join(SHARED_PNPM, name), { recursive: true });
    fs.symlinkSync(path.join(SHARED_PNPM, name), path.join(dataDir, name));
  }
}
