import fs from 'node:fs';
import path from 'node:path';

/**
 * Without an overlay: folders inside node_modules that tools write to (Vite's caches,
 * tsbuildinfo files of `tsc -b`), bound writable (sandbox.ts).
 */
export const WRITABLE_IN_NODE_MODULES = ['.vite', '.vite-temp', '.cache', '.tmp'];

/**
 * Bytes a build step has written under its workspace, for the per-build disk quota
 * (KILN_BUILD_DISK_MB, decision 0031): blocks really used (a sparse file counts what it holds),
 * links not followed. The workspace's node_modules is skipped but for the cache folders tools
 * write to: its files are hard links into the shared store, not the build's writes. The
 * overlay's upper layer (`<workspace>.layer`) is what a build wrote into node_modules, so it counts.
 */
export function writtenBytes(workspace: string): number {
  const roots = [workspace, `${workspace}.layer`];
  for (const name of WRITABLE_IN_NODE_MODULES) roots.push(path.join(workspace, 'node_modules', name));
  const skip = path.join(workspace, 'node_modules');
  let total = 0;
  const stack = [...roots];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (full === skip) continue;
      try {
        total += fs.lstatSync(full).blocks * 512;
      } catch {
        // removed while counting
      }
      if (entry.isDirectory()) stack.push(full);
    }
  }
  return total;
}
