import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A kernel cap on the tasks (processes and threads) of one build step: a pids cgroup
 * (decision 0031). RLIMIT_NPROC does not hold here: Kiln runs as root and bubblewrap's user
 * namespace maps the build's user back to root, which the kernel exempts. A cgroup refuses
 * the fork itself, so a fork bomb cannot take the host's pid table while a watchdog looks.
 * null when this host gives Kiln no writable pids controller (the /proc watchdog remains).
 */
export interface PidsGroup {
  /** Wraps a command so it enters the group before it runs anything. */
  wrap(command: string, args: string[]): { command: string; args: string[] };
  /** True once the kernel refused a fork for the limit. */
  hasHitLimit(): boolean;
  /** SIGKILLs whatever is left in the group and removes it (within a few seconds). */
  remove(): Promise<void>;
}

/** The folder of Kiln's own pids cgroup: v1's pids hierarchy or a v2 tree with pids enabled. */
function ownPidsCgroup(): string | null {
  let lines: string[];
  try {
    lines = fs.readFileSync('/proc/self/cgroup', 'utf8').split('\n');
  } catch {
    return null;
  }
  for (const line of lines) {
    const [, controllers, where] = line.split(':');
    if (where === undefined) continue;
    if (controllers?.split(',').includes('pids')) return path.join('/sys/fs/cgroup/pids', where);
    if (controllers === '' && fs.existsSync('/sys/fs/cgroup/cgroup.controllers'))
      return path.join('/sys/fs/cgroup', where);
  }
  return null;
}

/** Enters the group ($1) then runs the rest; fails closed when it cannot enter. */
const ENTER = 'echo $$ > "$1/cgroup.procs" && shift && exec "$@"';

/** A group is this old before a sweep may take it: a new one is empty until its step enters. */
const STALE_GROUP_MS = 60_000;

/**
 * Removes empty groups a Kiln that ended mid-step left behind (a standby killed with its
 * server). The kernel refuses to remove a group with tasks, so a running step is never touched.
 */
function sweepStaleGroups(parent: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(parent).filter((name) => name.startsWith('kiln-build-'));
  } catch {
    return;
  }
  for (const name of names) {
    try {
      const dir = path.join(parent, name);
      if (Date.now() - fs.statSync(dir).mtimeMs < STALE_GROUP_MS) continue;
      if (fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').trim() !== '') continue;
      fs.rmdirSync(dir);
    } catch {
      // in use or gone
    }
  }
}

export function createPidsGroup(maxTasks: number, uid?: number, gid?: number): PidsGroup | null {
  const parent = ownPidsCgroup();
  if (!parent) return null;
  sweepStaleGroups(parent);
  const dir = path.join(parent, `kiln-build-${randomBytes(6).toString('hex')}`);
  try {
    fs.mkdirSync(dir);
  } catch {
    return null;
  }
  try {
    fs.writeFileSync(path.join(dir, 'pids.max'), String(maxTasks));
    // The step may run as an unprivileged user, who moves itself into its group.
    if (uid !== undefined) fs.chownSync(path.join(dir, 'cgroup.procs'), uid, gid ?? uid);
  } catch {
    try {
      fs.rmdirSync(dir);
    } catch {
      // not removable: left empty, harmless
    }
    return null;
  }
  return {
    wrap: (command, args) => ({
      command: '/bin/sh',
      args: ['-c', ENTER, 'kiln-pids', dir, command, ...args],
    }),
    hasHitLimit() {
      try {
        const events = fs.readFileSync(path.join(dir, 'pids.events'), 'utf8');
        return Number(/^max (\d+)/m.exec(events)?.[1] ?? 0) > 0;
      } catch {
        return false;
      }
    },
    async remove() {
      for (let attempt = 0; attempt < 100; attempt++) {
        let pids: number[] = [];
        try {
          pids = fs
            .readFileSync(path.join(dir, 'cgroup.procs'), 'utf8')
            .split('\n')
            .filter(Boolean)
            .map(Number);
        } catch {
          return;
        }
        for (const pid of pids) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
        try {
          fs.rmdirSync(dir);
          return;
        } catch {
          // tasks still exiting: try again
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
