import fsp from 'node:fs/promises';
import net from 'node:net';
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
import { isAlive } from '../storage/data-dir.ts';
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
/** The listening socket Kiln hands the runner: its first descriptor after stdio. */
const LISTEN_FD = 3;
/** The longest a process may live: setTimeout's limit; a deployed server is simply restarted. */
const LIFETIME_MS = 2 ** 31 - 1;
/** Run folders are `kiln-app-{pid}-…` in the host's tmp: a dead process's are removed (removeStaleRunDirs). */
const RUN_DIR_PREFIX = 'kiln-app-';

/**
 * Kiln's listening socket for one server, made here and handed to the runner as a descriptor
 * (decision 0055): the app can neither replace nor redirect what Kiln's proxy connects to,
 * because the socket's folder is never visible to it. Returns the descriptor to pass and a
 * function that drops Kiln's own copy of it once the child holds one.
 */
async function listeningSocket(runDir: string): Promise<{ fd: number; release: () => Promise<void> }> {
  const listener = net.createServer();
  const bound = path.join(runDir, 'listen.sock');
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(bound, () => resolve());
  });
  listener.on('connection', (socket) => socket.destroy()); // never: Kiln connects after the hand-over
  const fd = (listener as unknown as { _handle: { fd: number } })._handle.fd;
  return {
    fd,
    release: async () => {
      // libuv unlinks a listener's path when it closes: the socket file is renamed first.
      await fsp.rename(bound, path.join(runDir, 'app.sock'));
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}

/** Removes run folders left by Kiln processes that are gone (a crash, kill -9). */
export async function removeStaleRunDirs(tmp = os.tmpdir()): Promise<void> {
  const names = await fsp.readdir(tmp).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = new RegExp(`^${RUN_DIR_PREFIX}(\\d+)-`).exec(name)?.[1];
      if (!pid || isAlive(Number(pid))) return;
      await fsp.rm(path.join(tmp, name), { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}

/**
 * Starts one app server (decisions 0054, 0055): bubblewrap with no network; a handler's folder
 * read-only, a project server's kept workspace a read-only image under a capped writable layer
 * of its own that is thrown away when it ends; the listening socket handed in by Kiln, the egress
 * socket in a read-only folder at /run/kiln; the memory and task limits of a build. Resolves once
 * it listens (the runner's ready marker), else rejects with its log's reason.
 */
export async function startAppProcess(options: AppProcessOptions): Promise<AppProcess> {
  const { sandbox, runtime, launch } = options;
  const isolated = sandbox.kind === 'bwrap';
  // Kiln's alone: never bound into the sandbox (a Unix socket's path is at most 107 bytes).
  const runDir = await fsp.mkdtemp(path.join(os.tmpdir(), `${RUN_DIR_PREFIX}${process.pid}-`));
  const sharedDir = path.join(runDir, 'shared');
  const layerDir = path.join(runDir, 'layer');
  await fsp.mkdir(sharedDir);
  await fsp.mkdir(layerDir);
  const runtimePath = (file: string) => (isolated ? `${IN_SANDBOX_RUNTIME}/${path.basename(file)}` : file);
  let bridge: EgressBridge | null = null;
  let socket: Awaited<ReturnType<typeof listeningSocket>> | null = null;
  try {
    if (isolated) {
      bridge = await startEgressBridge(path.join(sharedDir, 'egress.sock'), options.egress, (line) =>
        options.log.note(line),
      );
    }
    socket = await listeningSocket(runDir);
  } catch (error) {
    bridge?.close();
    await fsp.rm(runDir, { recursive: true, force: true });
    throw error;
  }
  const env: Record<string, string> = {
    // The framework's own settings first (how it trusts the proxy); Kiln's below always win.
    ...(launch.kind === 'command' ? launch.env : {}),
    PATH: sandboxPath(launch.workspace),
    // Made with the workspace (materializeWorkspace, the handler's folder): never by Kiln here.
    HOME: path.join(launch.workspace, '.kiln-home'),
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
  if (isolated) env.KILN_EGRESS_SOCKET = `${IN_SANDBOX_RUN}/egress.sock`;
  const listenAt = `fd:${LISTEN_FD}`;
  const args =
    launch.kind === 'handler'
      ? ['handler', listenAt, launch.entry]
      : [
          'command',
          listenAt,
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
        { source: sharedDir, target: IN_SANDBOX_RUN },
      ],
      // A handler needs nothing but its bundle; a project's own server writes into its own layer.
      readOnlyWorkspace: launch.kind === 'handler',
      serverLayer:
        launch.kind === 'command' ? { dir: layerDir, sizeMb: options.limits.diskMb ?? 256 } : undefined,
    },
  );
  const limits: ProcessLimits = {
    timeoutMs: LIFETIME_MS,
    memoryMb: options.limits.memoryMb,
    maxProcesses: options.limits.maxProcesses,
    // A layered server's writes are capped by its tmpfs; without one they land in its workspace.
    diskMb: launch.kind === 'command' && !wrapped.layered ? options.limits.diskMb : undefined,
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
      extraFds: [socket.fd],
    },
    { isStandby: true },
  );
  await socket.release();
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
