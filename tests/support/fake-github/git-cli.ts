/**
 * The fake's own way of running git (its repositories are real bare repositories). It shares no
 * code with src/server/codehost, so a bug in the mirror cannot hide itself in the fake.
 */
import { spawn } from 'node:child_process';

export interface CliResult {
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  gitDir?: string;
  home: string;
  env?: Record<string, string>;
  input?: Uint8Array | string;
}

/** Runs git with a clean environment (no user or system config); rejects on a non-zero exit. */
export async function git(args: string[], options: CliOptions): Promise<CliResult> {
  const { stdout, stderr } = await gitBuffer(args, options);
  return { stdout: stdout.toString('utf8'), stderr };
}

/** The same, with stdout as bytes (a blob's content). */
export function gitBuffer(args: string[], options: CliOptions): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      env: cleanEnv(options.home, { ...(options.gitDir ? { GIT_DIR: options.gitDir } : {}), ...options.env }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.stdin.on('error', () => {});
    child.on('error', reject);
    child.on('close', (code) => {
      const result = { stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') };
      if (code === 0) resolve(result);
      else reject(new Error(`git ${args.join(' ')} exited ${code}: ${result.stderr.trim()}`));
    });
    child.stdin.end(options.input ?? '');
  });
}

export function cleanEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    XDG_CONFIG_HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
    ...extra,
  };
}
