import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  LEGACY_OPENSSL_OPTION,
  needsLegacyOpenSsl,
  nextFontOfflineEnv,
  OFFLINE_TOOL_ENV,
} from '../../core/builds/index.ts';
import { runLimited, type ProcessLimits, type RunResult } from './run-limited.ts';
import { pnpmBinary } from './install.ts';
import { SANDBOX_BIN, sandboxCommand, type Sandbox } from './sandbox.ts';
import type { BuildEgressSession } from './egress/build-egress.ts';

/** Output files at most; a build that writes more is stopped (the output-size limit). */
export const MAX_OUTPUT_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Runs the project's `build` script inside the sandbox. The script is run as written (through
 * `sh`, with node_modules/.bin first on PATH), so what a person gets from `npm run build` is
 * what Kiln builds; Vite's default base `/` suits the preview host.
 */
export function runBuildScript(
  sandbox: Sandbox,
  workspace: string,
  script: string,
  limits: ProcessLimits,
  signal?: AbortSignal,
  /** The step's way out (decision 0063); none: the build is offline. */
  egress?: BuildEgressSession | null,
): Promise<RunResult> {
  const env = buildEnv(workspace, limits, egress);
  const direct = directCommand(workspace, script);
  const [program, args] = direct ?? ['/bin/sh', ['-c', script]];
  const wrapped = sandboxCommand(sandbox, workspace, env, program, args, fileSizeLimit(limits), {
    binds: egress?.binds,
  });
  return runLimited(wrapped.command, wrapped.args, {
    cwd: workspace,
    env: sandbox.kind === 'bwrap' ? { PATH: '/usr/bin:/bin' } : env,
    uid: wrapped.uid,
    gid: wrapped.gid,
    limits,
    signal,
    notes: egress ? (write) => egress.attach(write) : undefined,
  });
}

/** No single file beyond the output limit nor the step's disk quota (RLIMIT_FSIZE). */
export function fileSizeLimit(limits: ProcessLimits): number {
  return Math.min(MAX_OUTPUT_FILE_BYTES, (limits.diskMb ?? Infinity) * 1024 * 1024);
}

/**
 * PATH of a process in a workspace's sandbox (a build step, an app server): the project's own
 * binaries, then Kiln's own Node (the sandbox binds that binary), so `node x.mjs` runs the Node
 * Kiln runs on wherever it is installed; Kiln's pnpm too, for `pnpm run x` in scripts (bound at
 * SANDBOX_BIN in bubblewrap, in its own folder otherwise).
 */
export function sandboxPath(workspace: string): string {
  return [
    path.join(workspace, 'node_modules', '.bin'),
    path.dirname(process.execPath),
    SANDBOX_BIN,
    path.dirname(pnpmBinary()),
    '/usr/local/bin',
    '/usr/bin',
    '/bin',
  ]
    .filter((entry, index, all) => all.indexOf(entry) === index)
    .join(':');
}

/**
 * The environment of a build step: nothing of Kiln's own (keys, database URL) leaks in. With
 * `egress` (decision 0063), every Node the step starts loads the preload that sends its requests
 * to Kiln's guard; without it the build is offline and next/font/google is answered by Kiln.
 */
export function buildEnv(
  workspace: string,
  limits: ProcessLimits,
  egress?: Pick<BuildEgressSession, 'env' | 'nodeOptions'> | null,
): Record<string, string> {
  return {
    PATH: sandboxPath(workspace),
    HOME: path.join(workspace, '.kiln-home'),
    NODE_ENV: 'production',
    CI: '1',
    // Telemetry and update checks off (no network to wait for); Angular: no completion setup.
    ...OFFLINE_TOOL_ENV,
    // next/font/google: fetched through the guard, else answered offline by the module the build
    // adaptation wrote (Next projects).
    ...(egress ? egress.env : nextFontOfflineEnv(workspace)),
    NG_FORCE_TTY: 'false',
    // pnpm in a script: never fetch the version `packageManager` names, never re-check installs.
    npm_config_manage_package_manager_versions: 'false',
    npm_config_verify_deps_before_run: 'false',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    NODE_OPTIONS: [
      `--max-old-space-size=${Math.max(256, Math.floor(limits.memoryMb * 0.75))}`,
      // webpack 4 (Create React App 4, Vue CLI 4) hashes with MD4, which Node's OpenSSL 3 lacks.
      ...(needsLegacyOpenSsl(readPackageJson(workspace)) ? [LEGACY_OPENSSL_OPTION] : []),
      ...(egress?.nodeOptions ?? []),
    ].join(' '),
  };
}

/** package.json's first MB: enough for any manifest, and no more read whatever the build made of it. */
const MAX_PACKAGE_JSON_BYTES = 1024 * 1024;

/**
 * The workspace's package.json, read as the sandbox may have left it (an install script can
 * replace it): never through a link, never a FIFO or device, at most 1 MB; '' otherwise.
 */
function readPackageJson(workspace: string): string {
  let fd: number | undefined;
  try {
    fd = fs.openSync(
      path.join(workspace, 'package.json'),
      fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK | fs.constants.O_NOCTTY,
    );
    if (!fs.fstatSync(fd).isFile()) return '';
    const buffer = Buffer.alloc(MAX_PACKAGE_JSON_BYTES);
    const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, read).toString('utf8');
  } catch {
    return '';
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Known build CLIs and their entry files inside node_modules. */
const KNOWN_CLIS: Record<string, string> = {
  vite: 'node_modules/vite/bin/vite.js',
  ng: 'node_modules/@angular/cli/bin/ng.js',
};

/**
 * `vite build` / `ng build` with plain arguments run as `node <cli> build ...` directly: the
 * same program the script would run, without a shell and pnpm's shim (~0.3 s per build).
 */
export function directCommand(workspace: string, script: string): [string, string[]] | null {
  const match = /^(vite|ng) (build(?: [\w=./:@-]+)*)$/.exec(script.trim().replace(/\s+/g, ' '));
  if (!match) return null;
  const entry = path.join(workspace, KNOWN_CLIS[match[1]!]!);
  if (!fs.existsSync(entry)) return null;
  return [process.execPath, [entry, ...match[2]!.split(' ')]];
}

/** The moment the build starts, on the file system's clock (a marker's mtime). */
export async function markBuildStart(workspace: string): Promise<number> {
  const marker = path.join(workspace, '.kiln-home', '.build-start');
  await fsp.writeFile(marker, '');
  return (await fsp.stat(marker)).mtimeMs;
}

export interface OutputSearch {
  /** Folders the bundler's configuration names (core `configuredOutputDirs`), in order. */
  configured: readonly string[];
  /** markBuildStart's time: an index.html written since was written by the build. */
  buildStart: number;
  /** The project's own files: an index.html among them is a source, unless the build rewrote it. */
  sourceFiles: ReadonlySet<string>;
}

/** Folders never searched for output: dependencies, Kiln's home, tool caches. */
const NOT_OUTPUT = new Set(['node_modules', '.kiln-home', '.git', '.angular', '.cache']);
const SEARCH_DEPTH = 6;

/**
 * Where the build put index.html (issue 13): the folder the bundler's configuration names
 * (or, for a configured folder without one, its nearest parent that has one: Rollup's
 * `public/build` beside `public/index.html`); else the folder of the newest index.html the
 * build wrote; else the first of `dist/`, `build/`, `out/` holding one. Never the project's own
 * root, which holds its sources. Links are never followed: an entry that is not a real folder is
 * returned as it is, for the store to refuse by name (decision 0037).
 */
export function findOutputDir(workspace: string, search: OutputSearch): string | null {
  for (const relative of search.configured) {
    const found = configuredOutput(workspace, relative);
    if (found) return found;
  }
  const written = newestWrittenIndex(workspace, search);
  if (written) return written;
  for (const base of ['dist', 'build', 'out']) {
    const root = path.join(workspace, base);
    const stat = lstatOrNull(root);
    if (!stat) continue;
    if (!stat.isDirectory()) return root;
    const found = shallowestIndex(root, 3);
    if (found) return found;
  }
  return null;
}

function configuredOutput(workspace: string, relative: string): string | null {
  const root = path.join(workspace, relative);
  const stat = lstatOrNull(root);
  if (!stat) return null;
  if (!stat.isDirectory()) return root;
  const found = shallowestIndex(root, 3);
  if (found) return found;
  // Up to the project (exclusive): the page that loads a configured bundle folder.
  for (let dir = path.dirname(root); dir.length > workspace.length; dir = path.dirname(dir)) {
    if (lstatOrNull(path.join(dir, 'index.html'))?.isFile()) return dir;
  }
  return null;
}

function newestWrittenIndex(workspace: string, search: OutputSearch): string | null {
  let best: { dir: string; mtime: number; depth: number } | null = null;
  const walk = (dir: string, depth: number) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && depth < SEARCH_DEPTH && !NOT_OUTPUT.has(entry.name)) walk(full, depth + 1);
      if (entry.name !== 'index.html' || dir === workspace || !entry.isFile()) continue;
      const mtime = fs.lstatSync(full).mtimeMs;
      const isSource = search.sourceFiles.has(path.relative(workspace, full).split(path.sep).join('/'));
      if (mtime < search.buildStart || (isSource && mtime <= search.buildStart)) continue;
      if (!best || mtime > best.mtime || (mtime === best.mtime && depth < best.depth)) {
        best = { dir, mtime, depth };
      }
    }
  };
  walk(workspace, 0);
  return (best as { dir: string } | null)?.dir ?? null;
}

function shallowestIndex(root: string, depth: number): string | null {
  let level = [root];
  for (let i = 0; i <= depth && level.length > 0; i++) {
    const next: string[] = [];
    for (const dir of level) {
      // Whatever index.html is (a link too): the store checks it.
      if (lstatOrNull(path.join(dir, 'index.html'))) return dir;
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) next.push(path.join(dir, entry.name));
      }
    }
    // Angular writes browser/ next to server/; prefer browser/ at the same depth.
    next.sort((a, b) => Number(path.basename(b) === 'browser') - Number(path.basename(a) === 'browser'));
    level = next;
  }
  return null;
}

/** The entry itself (a link is not followed), or null when there is none. */
export function lstatOrNull(file: string): fs.Stats | null {
  try {
    return fs.lstatSync(file);
  } catch {
    return null;
  }
}

/** Total bytes and files below a folder (no symlinks followed). */
export function folderSize(root: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile()) {
        bytes += fs.lstatSync(full).size;
        files += 1;
      }
    }
  }
  return { bytes, files };
}
