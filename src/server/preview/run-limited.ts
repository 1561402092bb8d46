import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { writtenBytes } from './disk-usage.ts';
import { createPidsGroup, type PidsGroup } from './pids-group.ts';

/** util-linux's setpriv (every Debian has it): the build's process gets a parent-death signal. */
const SETPRIV = '/usr/bin/setpriv';
const HAS_SETPRIV = fs.existsSync(SETPRIV);

/** Limits every install/build process runs under (docs/decisions/0031-preview-sandbox.md). */
export interface ProcessLimits {
  timeoutMs: number;
  /** Resident memory of the whole process tree; the tree is killed above it. */
  memoryMb: number;
  /** Bytes of output kept; beyond it the log is cut (the process keeps running). */
  maxOutputBytes: number;
  /**
   * Tasks (processes and threads) of the step at once (KILN_BUILD_MAX_PROCESSES): a pids cgroup
   * refuses the fork beyond it where the host gives one, and the step is stopped either way.
   */
  maxProcesses?: number;
  /** Bytes the step may write under its workspace (`cwd`), KILN_BUILD_DISK_MB; stopped above. */
  diskMb?: number;
}

export interface RunResult {
  exitCode: number | null;
  /** stdout and stderr interleaved, as a person would read them. */
  output: string;
  durationMs: number;
  /** Why the process was stopped by us, if it was. */
  killedFor?: 'timeout' | 'memory' | 'processes' | 'disk' | 'aborted';
}

export interface RunOptions {
  cwd: string;
  env: Record<string, string>;
  limits: ProcessLimits;
  uid?: number;
  gid?: number;
  signal?: AbortSignal;
  /** Every chunk of output as it arrives (an app server's live log), beside the capped result. */
  onOutput?: (chunk: Buffer) => void;
  /** Descriptors of Kiln's the process gets as 3, 4, … (an app server's listening socket). */
  extraFds?: readonly number[];
  /**
   * Kiln's own lines for the log, in order with the process's output and under its cap (what a
   * build fetched, decision 0063): called once with the function that adds them.
   */
  notes?: (write: (text: string) => void) => void;
}

/** A limited process that may be started before its work is due (a standby build). */
export interface LimitedProcess {
  /** Settles when the process ends, with its capped output. */
  result: Promise<RunResult>;
  /** Starts the wall-clock limit and, if given, writes `input` to the process's stdin. */
  arm(input?: string): void;
  kill(): void;
  /** True once the process has ended (a standby that died can no longer be used). */
  readonly hasEnded: boolean;
  /** A standby's readiness: resolves when it printed its ready marker, false if it ended first. */
  ready: Promise<boolean>;
  /**
   * A standby build's output is complete: settles with exit code 0 and the log so far when it
   * printed its done marker (its sandbox may still be tearing down), else with `result`.
   */
  done: Promise<RunResult>;
}

/** The line a standby prints once it has loaded what it needs; kept out of the log. */
export const STANDBY_READY_MARKER = '\u0006kiln-standby-ready\n';
/**
 * The line a standby prints once its build has written its output, before it exits, on stderr and
 * then stdout: what comes after (the process's exit, its sandbox's teardown) is no longer waited
 * for. Kept out of the log.
 */
export const STANDBY_DONE_MARKER = '\u0006kiln-standby-done\n';

const MEMORY_POLL_MS = 250;
// The disk walk is synchronous on the server's event loop and standby builds live for hours: once
// a second keeps it cheap; a single file stays capped at the quota by RLIMIT_FSIZE meanwhile.
const DISK_POLL_MS = 1000;
const BUILD_NICENESS = 10;

/** Runs a command with a wall-clock limit, a memory watchdog and a capped log. */
export function runLimited(command: string, args: string[], options: RunOptions): Promise<RunResult> {
  const limited = startLimited(command, args, options, { isStandby: false });
  limited.arm();
  return limited.result;
}

/**
 * Spawns a limited process. A standby gets a stdin pipe and its wall-clock limit only starts
 * when armed; the memory watchdog and the output cap apply from the start either way.
 */
export function startLimited(
  command: string,
  args: string[],
  options: RunOptions,
  mode: { isStandby: boolean },
): LimitedProcess {
  let started = performance.now();
  let armTimer: (input?: string) => void = () => {};
  let killNow: () => void = () => {};
  let ended = false;
  let markReady: (isReady: boolean) => void = () => {};
  const ready = new Promise<boolean>((resolve) => (markReady = resolve));
  if (!mode.isStandby) markReady(true);
  let outcome: (exitCode: number) => RunResult = (exitCode) => ({ exitCode, output: '', durationMs: 0 });
  let markDone: (result: RunResult) => void = () => {};
  const done = new Promise<RunResult>((resolve) => (markDone = resolve));
  // A standby's markers: on stdout ready (tools loaded), then done (output written); done also on
  // stderr, so that everything the build wrote to either stream before it has been read.
  let doneOn = 0;
  const onDone = () => {
    if (++doneOn === 2) markDone(outcome(0));
  };
  const markers = {
    stdout: mode.isStandby
      ? [
          markerScanner(STANDBY_READY_MARKER, () => markReady(true)),
          markerScanner(STANDBY_DONE_MARKER, onDone),
        ]
      : [],
    stderr: mode.isStandby ? [markerScanner(STANDBY_DONE_MARKER, onDone)] : [],
  };
  const { maxProcesses, diskMb } = options.limits;
  const pids: PidsGroup | null =
    maxProcesses === undefined ? null : createPidsGroup(maxProcesses, options.uid, options.gid);
  const result = new Promise<RunResult>((resolve) => {
    // Lower priority: a build never starves the web process (or, in tests, everything else).
    // Killed with Kiln (kill -9 included): an install outside the sandbox has no bwrap
    // --die-with-parent, and would go on writing in the data folder after Kiln is gone.
    const dying = HAS_SETPRIV ? [SETPRIV, '--pdeathsig', 'KILL', '--', command] : [command];
    const niced = { command: '/usr/bin/nice', args: ['-n', String(BUILD_NICENESS), ...dying, ...args] };
    const entry = pids ? pids.wrap(niced.command, niced.args) : niced;
    const child = spawn(entry.command, entry.args, {
      cwd: options.cwd,
      env: options.env,
      uid: options.uid,
      gid: options.gid,
      // Own process group, so the whole tree can be killed at once.
      detached: true,
      stdio: [mode.isStandby ? 'pipe' : 'ignore', 'pipe', 'pipe', ...(options.extraFds ?? [])],
    });
    // A standby that dies before its build must not crash Kiln on a write to its stdin.
    child.stdin?.on('error', () => {});
    const chunks: Buffer[] = [];
    let kept = 0;
    let isTruncated = false;
    const collect = (chunk: Buffer) => {
      options.onOutput?.(chunk);
      if (kept >= options.limits.maxOutputBytes) {
        isTruncated = true;
        return;
      }
      const room = options.limits.maxOutputBytes - kept;
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      chunks.push(part);
      kept += part.length;
      if (part.length < chunk.length) isTruncated = true;
    };
    const scan = (stream: keyof typeof markers, chunk: Buffer): void => {
      const marker = markers[stream][0];
      if (!marker) return collect(chunk);
      const rest = marker.push(chunk, collect);
      if (rest === null) return;
      markers[stream].shift();
      if (rest.length > 0) scan(stream, rest);
    };
    options.notes?.((text) => collect(Buffer.from(text, 'utf8')));
    child.stdout?.on('data', (chunk: Buffer) => scan('stdout', chunk));
    child.stderr?.on('data', (chunk: Buffer) => scan('stderr', chunk));

    let killedFor: RunResult['killedFor'];
    const kill = (reason: NonNullable<RunResult['killedFor']>) => {
      if (killedFor) return;
      killedFor = reason;
      killTree(child.pid);
    };
    let timer: NodeJS.Timeout | undefined;
    armTimer = (input) => {
      started = performance.now();
      timer = setTimeout(() => kill('timeout'), options.limits.timeoutMs);
      if (input !== undefined) child.stdin?.end(input);
    };
    killNow = () => kill('aborted');
    const limitBytes = options.limits.memoryMb * 1024 * 1024;
    const watchdog = setInterval(() => {
      if (child.pid === undefined) return;
      // Processes first: a fork bomb also grows the tree's memory.
      const tree = descendantsOf(child.pid);
      if (maxProcesses !== undefined && (pids?.hasHitLimit() || tree.length > maxProcesses)) {
        kill('processes');
      } else if (treeRssBytes(tree) > limitBytes) kill('memory');
    }, MEMORY_POLL_MS);
    const diskBytes = diskMb === undefined ? Infinity : diskMb * 1024 * 1024;
    const diskWatchdog =
      diskMb === undefined
        ? undefined
        : setInterval(() => {
            if (writtenBytes(options.cwd) > diskBytes) kill('disk');
          }, DISK_POLL_MS);
    const onAbort = () => kill('aborted');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();

    /** The log so far (capped), and the time since the process was armed. */
    outcome = (exitCode) => {
      let output = Buffer.concat(chunks).toString('utf8');
      if (isTruncated) output += `\n[output truncated at ${options.limits.maxOutputBytes} bytes]\n`;
      return { exitCode, output, durationMs: performance.now() - started };
    };
    const finish = (exitCode: number | null, extra = '') => {
      ended = true;
      markReady(false);
      clearTimeout(timer);
      clearInterval(watchdog);
      clearInterval(diskWatchdog);
      options.signal?.removeEventListener('abort', onAbort);
      for (const marker of [...markers.stdout, ...markers.stderr]) marker.flush(collect);
      let output = Buffer.concat(chunks).toString('utf8') + extra;
      if (isTruncated) output += `\n[output truncated at ${options.limits.maxOutputBytes} bytes]\n`;
      if (killedFor === 'timeout')
        output += `\nError: the step took longer than ${options.limits.timeoutMs} ms and was stopped.\n`;
      if (killedFor === 'memory')
        output += `\nError: the step used more than ${options.limits.memoryMb} MB of memory and was stopped.\n`;
      if (killedFor === 'processes')
        output += `\nError: the step started more than ${maxProcesses} processes at once and was stopped.\n`;
      if (killedFor === 'disk')
        output += `\nError: the step wrote more than ${diskMb} MB to its workspace (disk quota) and was stopped.\n`;
      const result = { exitCode, output, durationMs: performance.now() - started, killedFor };
      markDone(result);
      resolve(result);
    };
    // The group is removed (whatever is left in it killed) before the step counts as ended.
    const end = (exitCode: number | null, extra?: string) => {
      // A refused fork fails the step even if its shell exited 0 (a fork bomb's runs in the background).
      if (!killedFor && pids?.hasHitLimit()) {
        killedFor = 'processes';
        exitCode = null;
      }
      void (pids?.remove() ?? Promise.resolve()).finally(() => finish(exitCode, extra));
    };
    child.on('error', (error) => end(null, `\nError: ${error.message}\n`));
    child.on('close', (code) => end(killedFor ? null : code));
  });
  return {
    result,
    arm: (input) => armTimer(input),
    kill: () => killNow(),
    get hasEnded() {
      return ended;
    },
    ready,
    done,
  };
}

/**
 * Finds one marker line in a stream of chunks, also when it arrives split across two of them.
 * What is not the marker is passed on; `push` returns what followed the marker in its chunk once
 * it is found (the marker itself left out), else null.
 */
export function markerScanner(text: string, onFound: () => void) {
  const marker = Buffer.from(text, 'utf8');
  let held: Buffer = Buffer.alloc(0);
  return {
    push(chunk: Buffer, pass: (part: Buffer) => void): Buffer | null {
      const data = held.length > 0 ? Buffer.concat([held, chunk]) : chunk;
      held = Buffer.alloc(0);
      const at = data.indexOf(marker);
      if (at !== -1) {
        if (at > 0) pass(data.subarray(0, at));
        onFound();
        return data.subarray(at + marker.length);
      }
      // A chunk that ends with the marker's beginning keeps it back until the next one.
      let kept = Math.min(marker.length - 1, data.length);
      while (kept > 0 && !data.subarray(data.length - kept).equals(marker.subarray(0, kept))) kept--;
      if (data.length > kept) pass(data.subarray(0, data.length - kept));
      held = Buffer.from(data.subarray(data.length - kept));
      return null;
    },
    /** What was kept back when the stream ends without the marker. */
    flush(pass: (part: Buffer) => void): void {
      if (held.length > 0) pass(held);
      held = Buffer.alloc(0);
    },
  };
}

function killTree(pid: number | undefined): void {
  if (pid === undefined) return;
  for (const descendant of descendantsOf(pid)) {
    try {
      process.kill(descendant, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // group already gone
  }
}

/** Children by parent, read from /proc (bwrap starts a new session, so groups are not enough). */
function descendantsOf(root: number): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may contain spaces; fields after the closing parenthesis are stable.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(ppid) ?? [];
      list.push(Number(entry));
      children.set(ppid, list);
    } catch {
      // process ended while reading
    }
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    out.push(pid);
    for (const child of children.get(pid) ?? []) stack.push(child);
  }
  return out;
}

function treeRssBytes(tree: readonly number[]): number {
  let total = 0;
  for (const pid of tree) {
    try {
      const statm = fs.readFileSync(`/proc/${pid}/statm`, 'utf8');
      total += Number(statm.split(' ')[1]) * 4096;
    } catch {
      // process ended while reading
    }
  }
  return total;
}
