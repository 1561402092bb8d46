import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EgressPolicy } from '../../../core/net/index.ts';
import { startEgressBridge, type EgressBridge } from '../../app-servers/egress-bridge.ts';
import type { ResolveHost } from '../../net/checked-address.ts';
import { isAlive } from '../../storage/data-dir.ts';
import type { Sandbox } from '../sandbox.ts';
import { startEgressGuard, type EgressGuard, type GuardLimits } from './egress-guard.ts';
import type { ResponseCache } from './response-cache.ts';

/**
 * Issue 37 item 2 (decision 0063): what a build step gets to reach the network. A run folder of
 * Kiln's own, outside every workspace, holds the guard's socket (HTTP, checked and cached), the
 * bridge's socket (other TCP, checked) and the preload that sends Node's requests to them; it is
 * bound read-only into the sandbox, so the build can neither replace a socket nor the preload
 * another build sees. Only bubblewrap builds get one: elsewhere builds have the host's network.
 */
export interface BuildEgressSession {
  /** Bound read-only into the step's sandbox. */
  binds: { source: string; target: string }[];
  /** The step's environment: where the sockets are, the origins opened to loopback. */
  env: Record<string, string>;
  /** For NODE_OPTIONS: the preload, in every Node the step starts. */
  nodeOptions: string[];
  /**
   * Where Kiln's log lines go: the step's own log (run-limited's `notes`). Lines from before are
   * kept until it is given.
   */
  attach(write: (text: string) => void): void;
  close(): Promise<void>;
}

export interface BuildEgress {
  /** A session for one step, or null: build egress off (KILN_BUILD_EGRESS=off) or no bubblewrap. */
  open(): Promise<BuildEgressSession | null>;
}

export interface BuildEgressOptions {
  enabled: boolean;
  sandbox: Sandbox;
  policy: EgressPolicy;
  cache: ResponseCache;
  resolve?: ResolveHost;
  limits?: Partial<GuardLimits>;
}

/** Where the run folder is inside the sandbox. */
const IN_SANDBOX = '/run/kiln-egress';
/** Run folders are `kiln-build-egress-{pid}-…` in the host's tmp (a Unix socket's path is at most 107 bytes). */
const RUN_DIR_PREFIX = 'kiln-build-egress-';
const PRELOAD = fileURLToPath(new URL('./build-egress-preload.mjs', import.meta.url));
/** What the preload imports: the app servers' way through the bridge (decision 0054). */
const BRIDGE_CONNECT = fileURLToPath(
  new URL('../../app-servers/runtime/egress-connect.mjs', import.meta.url),
);

export function createBuildEgress(options: BuildEgressOptions): BuildEgress {
  let swept: Promise<void> | null = null;
  return {
    async open() {
      if (!options.enabled || options.sandbox.kind !== 'bwrap') return null;
      swept ??= removeStaleRunDirs();
      await swept;
      return openSession(options);
    },
  };
}

async function openSession(options: BuildEgressOptions): Promise<BuildEgressSession> {
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), `${RUN_DIR_PREFIX}${process.pid}-`));
  const shared = path.join(runDir, 'shared');
  await fs.mkdir(shared);
  let write: ((text: string) => void) | null = null;
  const waiting: string[] = [];
  const note = (line: string) => {
    if (write) write(`${line}\n`);
    else waiting.push(`${line}\n`);
  };
  let guard: EgressGuard | null = null;
  let bridge: EgressBridge | null = null;
  try {
    await fs.copyFile(PRELOAD, path.join(shared, 'preload.mjs'));
    await fs.copyFile(BRIDGE_CONNECT, path.join(shared, 'egress-connect.mjs'));
    guard = await startEgressGuard(path.join(shared, 'http.sock'), {
      policy: options.policy,
      cache: options.cache,
      note,
      resolve: options.resolve,
      limits: options.limits,
    });
    // The sandbox's user is Kiln's, mapped: the socket is opened as bubblewrap's bridge socket is.
    await fs.chmod(path.join(shared, 'http.sock'), 0o666);
    bridge = await startEgressBridge(
      path.join(shared, 'tcp.sock'),
      options.policy,
      (line) => note(`[kiln] ${line}`),
      {
        resolve: options.resolve,
        onConnected: (destination) =>
          note(`[kiln] connected to ${destination} directly (checked, not cached)`),
        openBesides: ' to builds',
      },
    );
  } catch (error) {
    await guard?.close();
    bridge?.close();
    await fs.rm(runDir, { recursive: true, force: true });
    throw error;
  }
  return {
    binds: [{ source: shared, target: IN_SANDBOX }],
    env: {
      KILN_BUILD_EGRESS_HTTP: `${IN_SANDBOX}/http.sock`,
      KILN_BUILD_EGRESS_TCP: `${IN_SANDBOX}/tcp.sock`,
      // Loopback stays in the sandbox, but for these (a test's loopback site, an intranet mirror).
      KILN_BUILD_EGRESS_ORIGINS: (options.policy.allowOrigins ?? []).join(','),
    },
    nodeOptions: [`--import=${IN_SANDBOX}/preload.mjs`],
    attach(next) {
      write = next;
      for (const text of waiting.splice(0)) next(text);
    },
    async close() {
      await guard?.close();
      bridge?.close();
      await fs.rm(runDir, { recursive: true, force: true });
    },
  };
}

/** Removes run folders left by Kiln processes that are gone (a crash, kill -9). */
async function removeStaleRunDirs(tmp = os.tmpdir()): Promise<void> {
  const names = await fs.readdir(tmp).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = new RegExp(`^${RUN_DIR_PREFIX}(\\d+)-`).exec(name)?.[1];
      if (!pid || isAlive(Number(pid))) return;
      await fs.rm(path.join(tmp, name), { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}
