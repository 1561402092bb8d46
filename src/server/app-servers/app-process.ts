import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EgressPolicy } from '../../core/net/index.ts';
import {
  startLimited,
  type LimitedProcess,
  type ProcessLimits,
  type RunResult,
} from '../preview/run-limited.ts';
import { sandboxCommand, type Sandbox } from '../preview/sandbox.ts';
import { sandboxPath } from '../preview/build-step.ts';
import { startEgressBridge, type EgressBridge } from './egress-bridge.ts';
import type { AppLog } from './app-log.ts';
import type { RuntimeFiles } from './runtime-files.ts';

/** What runs: the bundled `api/` handler, or the project's own server command in its workspace. */
export type AppLaunch =
  | { kind: 'handler'; workspace: string; entry: string }
  | { kind: 'command'; workspace: string; command: string[]; label: string; env?: Record<string, string> };

export interface AppProcessOptions {
  sandbox: Sandbox;
  runtime: RuntimeFiles;
  launch: AppLaunch;
  /** The chat's server environment (integration secrets): handed over stdin, never on disk or argv. */
  secrets: Record<string, string>;
  egress: EgressPolicy;
  /** Host names the server is asked under (Vite's preview checks Host). */
  hosts?: string[];
  /** diskMb: what a project's own server may write into its workspace (a handler writes nothing). */
  limits: Pick<ProcessLimits, 'memoryMb' | 'maxProcesses' | 'diskMb'>;
  /** How long the server may take to listen. */
  startTimeoutMs: number;
  log: AppLog;
}

export interface AppProcess {
  /** The Unix socket Kiln's proxy talks to. */
  socketPath: string;
  /** Settles when the process ends, for whatever reason. */
  ended: Promise<RunResult>;
  readonly hasEnded: boolean;
  stop(): Promise<void>;
}

/** The port the project's own server listens on inside its sandbox (its loopback is its own). */
const INNER_PORT = 3000;
const IN_SANDBOX_RUN = '/run/kiln';
const IN_SANDBOX_RUNTIME = '/opt/kiln/app';
/** The longest a process may live: setTimeout's limit; a deployed server is simply restarted. */
const LIFETIME_MS = 2 ** 31 - 1;

/**
 * Starts one app server (decision 0054): bubblewrap with no network, the workspace the only
 * writable place, a socket folder bound at /run/kiln; the memory and task limits of a build;
 * resolves once it listens (the runner's ready marker), else rejects with its log's reason.
 */
export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const { sandbox, runtime, launch } = options;
  const isolated = sandbox.kind === 'bwrap';
  // Short and private: a Unix socket's path is at most 107 bytes.
  const runDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'kiln-app-'));
  const inside = (name: string) => (isolated ? `${IN_SANDBOX_RUN}/${name}` : path.join(runDir, name));
  const runtimePath = (file: string) => (isolated ? `${IN_SANDBOX_RUNTIME}/${path.basename(file)}` : file);
  let bridge: EgressBridge | null = null;
  if (isolated) {
    bridge = await startEgressBridge(path.join(runDir, 'egress.sock'), options.egress, (line) =>
      options.log.note(line),
    );
  }
  const homeDir = path.join(launch.workspace, '.kiln-home');
  fs.mkdirSync(homeDir, { recursive: true });
  const env: Record<string, string> = {
    // The framework's own settings first (how it trusts the proxy); Kiln's below always win.
    ...(launch.kind === 'command' ? launch.env : {}),
    PATH: sandboxPath(launch.workspace),
    HOME: homeDir,
    NODE_ENV: 'production',
    PORT: String(INNER_PORT),
    HOST: '127.0.0.1',
    HOSTNAME: '127.0.0.1',
    NEXT_TELEMETRY_DISABLED: '1',
    // `vite preview` answers only hosts it knows: the preview's or the site's (never a character Vite reserves).
    __VITE_ADDITIONAL_SERVER_ALLOWED_HOSTS: (options.hosts ?? [])
      .filter((host) => /^[a-z0-9.-]+$/i.test(host))
      .join(','),
    NODE_OPTIONS: [
      `--import=${runtimePath(runtime.preload)}`,
      '--enable-source-maps',
      `--max-old-space-size=${Math.max(64, Math.floor(options.limits.memoryMb * 0.75))}`,
    ].join(' '),
  };
  if (isolated) env.KILN_EGRESS_SOCKET = inside('egress.sock');
  const args =
    launch.kind === 'handler'
      ? ['handler', inside('app.sock'), launch.entry]
      : [
          'command',
          inside('app.sock'),
          ...launch.command.map((part, i) => (i === 0 && part === 'node' ? process.execPath : part)),
        ];
  const wrapped = sandboxCommand(
    sandbox,
    launch.workspace,
    env,
    process.execPath,
    [runtimePath(runtime.runner), ...args],
    256 * 1024 * 1024,
    {
      binds: [
        { source: runtime.dir, target: IN_SANDBOX_RUNTIME },
        { source: runDir, target: IN_SANDBOX_RUN, writable: true },
      ],
      // A handler needs nothing but its bundle; a project's own server may write (Next's cache).
      readOnlyWorkspace: launch.kind === 'handler',
    },
  );
  if (!isolated && wrapped.uid !== undefined) fs.chownSync(runDir, wrapped.uid, wrapped.gid ?? wrapped.uid);
  const limits: ProcessLimits = {
    timeoutMs: LIFETIME_MS,
    memoryMb: options.limits.memoryMb,
    maxProcesses: options.limits.maxProcesses,
    diskMb: launch.kind === 'command' ? options.limits.diskMb : undefined,
    maxOutputBytes: 64 * 1024,
  };
  const child: LimitedProcess = startLimited(
    wrapped.command,
    wrapped.args,
    {
      cwd: launch.workspace,
      env: isolated ? { PATH: '/usr/bin:/bin' } : env,
      uid: wrapped.uid,
      gid: wrapped.gid,
      limits,
      onOutput: (chunk) => options.log.write(chunk),
    },
    { isStandby: true },
  );
  // The secrets go over stdin; the runner puts them in its environment before the app loads.
  child.arm(JSON.stringify(options.secrets));
  const cleanUp = () => {
    bridge?.close();
    void fsp.rm(runDir, { recursive: true, force: true }).catch(() => undefined);
  };
  const ended = child.result.then((result) => {
    cleanUp();
    if (result.killedFor && result.killedFor !== 'aborted') {
      options.log.note(`the server was stopped: ${stopReason(result, options.limits.memoryMb)}`);
    } else {
      options.log.note(`the server ended (exit code ${result.exitCode ?? 'none'})`);
    }
    return result;
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.startTimeoutMs);
  });
  const outcome = await Promise.race([child.ready, timedOut]);
  clearTimeout(timer);
  if (outcome !== true) {
    child.kill();
    await ended;
    throw new Error(
      outcome === 'timeout'
        ? `the server did not start listening within ${options.startTimeoutMs} ms`
        : 'the server ended before it started listening (see its log)',
    );
  }
  return {
    socketPath: path.join(runDir, 'app.sock'),
    ended,
    get hasEnded() {
      return child.hasEnded;
    },
    async stop() {
      child.kill();
      await ended;
    },
  };
}

function stopReason(result: RunResult, memoryMb: number): string {
  if (result.killedFor === 'memory') return `it used more than ${memoryMb} MB of memory`;
  if (result.killedFor === 'processes') return 'it started too many processes';
  if (result.killedFor === 'disk') return 'it wrote more than its disk quota into its folder';
  if (result.killedFor === 'timeout') return 'it ran for its longest lifetime';
  return String(result.killedFor);
}
