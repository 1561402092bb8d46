import fs from 'node:fs';
import path from 'node:path';
import { runLimited, type ProcessLimits, type RunResult } from './run-limited.ts';
import { sandboxCommand, type Sandbox } from './sandbox.ts';

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
): Promise<RunResult> {
  const env = buildEnv(workspace, limits);
  const direct = directCommand(workspace, script);
  const [program, args] = direct ?? ['/bin/sh', ['-c', script]];
  const wrapped = sandboxCommand(sandbox, workspace, env, program, args, MAX_OUTPUT_FILE_BYTES);
  return runLimited(wrapped.command, wrapped.args, {
    cwd: workspace,
    env: sandbox.kind === 'bwrap' ? { PATH: '/usr/bin:/bin' } : env,
    uid: wrapped.uid,
    gid: wrapped.gid,
    limits,
    signal,
  });
}

/** The environment of a build step: nothing of Kiln's own (keys, database URL) leaks in. */
export function buildEnv(workspace: string, limits: ProcessLimits): Record<string, string> {
  return {
    PATH: `${path.join(workspace, 'node_modules', '.bin')}:/usr/local/bin:/usr/bin:/bin`,
    HOME: path.join(workspace, '.kiln-home'),
    NODE_ENV: 'production',
    CI: '1',
    // Angular CLI: no analytics prompt, no completion setup.
    NG_CLI_ANALYTICS: 'false',
    NG_FORCE_TTY: 'false',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    NODE_OPTIONS: `--max-old-space-size=${Math.max(256, Math.floor(limits.memoryMb * 0.75))}`,
  };
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

/**
 * Where the build put index.html: Vite's `dist/`, Angular's `dist/{project}/browser/`, or a
 * `build/` folder; the shallowest match wins. Links are never followed: a `dist` that is not a
 * real folder is returned as it is, for the store to refuse by name (decision 0037).
 */
export function findOutputDir(workspace: string): string | null {
  const candidates = ['dist', 'build', 'out'];
  for (const base of candidates) {
    const root = path.join(workspace, base);
    const stat = lstatOrNull(root);
    if (!stat) continue;
    if (!stat.isDirectory()) return root;
    const found = shallowestIndex(root, 3);
    if (found) return found;
  }
  return null;
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
        bytes += fs.statSync(full).size;
        files += 1;
      }
    }
  }
  return { bytes, files };
}
