/**
 * Runs one git command: no shell, its own process group (so a timeout kills git's helpers too,
 * git-remote-http above all), a wall-clock limit, stdin from a buffer, stdout kept or streamed.
 */
import { spawn } from 'node:child_process';
import { GitError } from './git-errors.ts';

export interface GitCommand {
  args: string[];
  /** An empty folder: git must not discover (and read the config of) a repository around it. */
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  input?: Uint8Array | string;
  /** Receives stdout as it arrives (then `stdout` of the outcome stays empty). */
  onStdout?: (chunk: Buffer) => void;
  /** Above this many bytes of kept stdout the command is stopped (default 64 MB). */
  maxStdoutBytes?: number;
}

export interface GitOutcome {
  exitCode: number | null;
  stdout: Buffer;
  /** The last 64 KB of stderr. */
  stderr: string;
  timedOut: boolean;
}

const MAX_STDERR_CHARS = 64 * 1024;

export function runGit(binary: string, command: GitCommand): Promise<GitOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, command.args, {
      cwd: command.cwd,
      env: command.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      // A process group of its own: killing -pid reaches every helper git started.
      detached: true,
    });
    const maxStdout = command.maxStdoutBytes ?? 64 * 1024 * 1024;
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let timedOut = false;
    let failure: Error | null = null;

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, command.timeoutMs);

    child.stdout.on('data', (chunk: Buffer) => {
      if (failure) return;
      try {
        if (command.onStdout) {
          command.onStdout(chunk);
          return;
        }
        stdoutBytes += chunk.length;
        if (stdoutBytes > maxStdout)
          throw new GitError('failed', `git ${command.args[0]} printed too much output`);
        stdout.push(chunk);
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        killGroup();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-MAX_STDERR_CHARS);
    });
    // git may end before reading all its input (a fatal error): that is its answer, not ours.
    child.stdin.on('error', () => {});
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new GitError('failed', `git could not be started: ${error.message}`));
    });
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      if (failure) {
        reject(failure);
        return;
      }
      resolve({ exitCode, stdout: Buffer.concat(stdout), stderr, timedOut });
    });
    child.stdin.end(command.input ?? '');
  });
}
