import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../../src/server/paths.ts';
import { freePort } from '../../support/free-port.ts';

export { freePort };

/**
 * One Kiln process of the cluster (entry.ts: what `npm start` runs for KILN_ROLE web or worker,
 * its SIGTERM shutdown included), a separate OS process with its own data folder. Its output goes
 * to `{dataDir}.log` and, when a test fails, into the failure's output.
 */
export interface ClusterNode {
  name: string;
  role: 'web' | 'worker';
  dataDir: string;
  /** `http://127.0.0.1:{port}` (web only). */
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** Sends the signal; resolves once the process is gone. */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  log(): string;
}

export async function startNode(options: {
  name: string;
  role: 'web' | 'worker';
  dataDir: string;
  env: Record<string, string>;
  /** Readiness: web answers /api/health; a worker prints that it runs. */
  timeoutMs?: number;
}): Promise<ClusterNode> {
  const { name, role, dataDir } = options;
  const port = role === 'web' ? await freePort() : 0;
  const logFile = `${dataDir}.log`;
  const logStream = fs.createWriteStream(logFile);
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'entry.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...options.env,
      KILN_ROLE: role,
      KILN_DATA_DIR: dataDir,
      PORT: String(port || 3000),
      KILN_LISTEN: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    logStream.write(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      logStream.end();
      resolve({ code, signal });
    }),
  );
  const isRunning = () => child.exitCode === null && child.signalCode === null;
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    if (!isRunning()) throw new Error(`${name} exited while starting:\n${output.slice(-4000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} did not start:\n${output.slice(-4000)}`);
    }
    if (role === 'worker' ? output.includes('preview worker is running') : await answersHealth(url)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name,
    role,
    dataDir,
    url,
    port,
    child,
    exited,
    isRunning,
    async stop(signal) {
      if (isRunning()) child.kill(signal);
      return exited;
    },
    log: () => output,
  };
}

async function answersHealth(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}
