import fs from 'node:fs/promises';
import path from 'node:path';
import { layerDirOf } from '../preview/sandbox.ts';
import { removeWorkspace } from '../preview/workspace.ts';

/** A kept workspace used this recently is never removed (a server may be running from it). */
export const IN_USE_MS = 15 * 60_000;

/**
 * Marks a kept workspace as used now (its folder's mtime): a server starting from it, or a
 * deployment's server at each health check.
 */
export async function markWorkspaceUsed(workspace: string): Promise<void> {
  const now = new Date();
  await fs.utimes(workspace, now, now).catch(() => undefined);
}

/**
 * Keeps the `keep` most recently used server workspaces (decision 0054) and removes older ones
 * that nothing used in the last IN_USE_MS. A removed one is built again by the next process that
 * needs it (preview.buildHere).
 */
export async function pruneServerWorkspaces(root: string, keep: number, now = Date.now()): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(root);
  } catch {
    return [];
  }
  const kept = await Promise.all(
    names
      .filter((name) => /^[0-9a-f]{16,64}$/.test(name))
      .map(async (name) => {
        const stat = await fs.stat(path.join(root, name)).catch(() => null);
        return stat?.isDirectory() ? { name, used: stat.mtimeMs } : null;
      }),
  );
  const byUse = kept.filter((entry) => entry !== null).sort((a, b) => b.used - a.used);
  const removed: string[] = [];
  for (const entry of byUse.slice(keep)) {
    if (now - entry.used < IN_USE_MS) continue;
    await removeWorkspace(path.join(root, entry.name)).catch(() => undefined);
    await fs
      .rm(layerDirOf(path.join(root, entry.name)), { recursive: true, force: true })
      .catch(() => undefined);
    removed.push(entry.name);
  }
  return removed;
}
