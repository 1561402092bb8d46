import fs from 'node:fs/promises';
import path from 'node:path';
import { normalizeFilePath } from '../../core/artifact/index.ts';
import type { ProjectFile } from './content-hash.ts';
import { layerDirOf, WRITABLE_IN_NODE_MODULES } from './sandbox.ts';

/**
 * Files Kiln never writes into a workspace: package-manager settings and hooks would let
 * generated code change where pnpm reads and writes, run code (`.pnpmfile.cjs`) or pin
 * tarball URLs (lock files). Kiln installs from package.json alone.
 */
const DROPPED = new Set([
  '.npmrc',
  '.pnpmfile.cjs',
  '.pnpmfile.mjs',
  'pnpm-workspace.yaml',
  'pnpm-lock.yaml',
  'package-lock.json',
  'yarn.lock',
  'bun.lockb',
  'bun.lock',
  '.yarnrc',
  '.yarnrc.yml',
]);

/**
 * A workspace-relative path that stays inside the workspace, or null: the artifact parser's own
 * spelling (`normalizeFilePath`), so what it refuses — a `..` segment, backslashes, a drive
 * letter, a NUL that fails the write, a name over NAME_MAX — never reaches the disk either, even
 * from a snapshot stored before it refused them (issue 21 item 4).
 */
export function safeRelativePath(name: string): string | null {
  const normalized = normalizeFilePath(name);
  if (normalized === '') return null;
  const parts = normalized.split('/');
  // node_modules and dist belong to the install and the build, never to the snapshot.
  if (parts[0] === 'node_modules' || parts.includes('.git')) return null;
  return normalized;
}

/** A file that cannot exist next to one written before it (`src` and `src/App.tsx`). */
const CONFLICTS = new Set(['EEXIST', 'ENOTDIR', 'EISDIR']);

/** Writes the project into `dir` (which must not exist yet). */
export async function materializeWorkspace(dir: string, files: readonly ProjectFile[]): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const file of files) {
    const relative = safeRelativePath(file.name);
    if (relative === null || DROPPED.has(relative)) continue;
    const target = path.join(dir, relative);
    const body = file.bytes ?? file.content;
    try {
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, body, { flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
        // A later file of the same name wins (the snapshot keeps names unique; be safe anyway).
        if (error.code === 'EEXIST') await fs.writeFile(target, body);
        else throw error;
      });
    } catch (error) {
      // A file named like a folder of another (found by fuzzing, issue 21): the first one stays.
      if (!CONFLICTS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    }
  }
  // The sandbox binds HOME here, so tools that insist on a home folder stay inside.
  await fs.mkdir(path.join(dir, '.kiln-home'), { recursive: true });
}

/** The `.env.local` of a version: the chat's integration variables (an empty hook for now). */
export function envLocalText(variables: Record<string, string>): string {
  return Object.entries(variables)
    .filter(([key]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join('\n');
}

/** Changes owner of the workspace (not the store's hard links) for the unprivileged fallback. */
export async function chownWorkspace(dir: string, uid: number, gid: number): Promise<void> {
  const walk = async (current: string) => {
    await fs.chown(current, uid, gid);
    for (const entry of await fs.readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.name === 'node_modules' && current === dir) {
        await fs.chown(full, uid, gid);
        for (const name of WRITABLE_IN_NODE_MODULES) {
          await fs.mkdir(path.join(full, name), { recursive: true });
          await fs.chown(path.join(full, name), uid, gid);
        }
        continue;
      }
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) await fs.chown(full, uid, gid);
    }
  };
  await walk(dir);
}

/**
 * Kiln's build adaptations (core `buildAdaptations`: Angular's font inlining off, SvelteKit's
 * static adapter) overwrite the workspace's copies, never the version's files.
 */
export async function writeAdaptedFiles(dir: string, files: readonly ProjectFile[]): Promise<void> {
  for (const file of files) {
    const relative = safeRelativePath(file.name);
    if (relative) await fs.writeFile(path.join(dir, relative), file.content);
  }
}

/** A workspace and its build's writable layer (decision 0041). */
export async function removeWorkspace(dir: string): Promise<void> {
  const layer = layerDirOf(dir);
  // overlayfs leaves its work folder without permissions; the owner may still open it up.
  await fs.chmod(path.join(layer, 'work', 'work'), 0o700).catch(() => undefined);
  await Promise.all([
    fs.rm(dir, { recursive: true, force: true }),
    fs.rm(layer, { recursive: true, force: true }),
  ]);
}
