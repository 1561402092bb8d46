import type { Agent } from 'undici';
import type { EgressPolicy } from '../../core/net/index.ts';
import type { Sandbox } from '../preview/sandbox.ts';
import { AppLog, type AppLogLine, type AppServerError } from './app-log.ts';
import { removeStaleRunDirs, startAppProcess, type AppLaunch, type AppProcess } from './app-process.ts';
import { appAgent, DEFAULT_RESPONSE_TIMEOUT_MS, proxyToApp, type ProxyOutcome } from './proxy.ts';
import { runtimeFiles } from './runtime-files.ts';
import { TOKEN_COOKIE } from '../preview/preview-token.ts';
import { markWorkspaceUsed } from './kept-workspaces.ts';

export interface AppServersOptions {
  sandbox: Sandbox;
  /** Where the runtime's own files are written (the data folder's app-servers/runtime). */
  runtimeDir: string;
  /** KILN_APP_SERVERS: running at once on this machine; the least recently used stops first. */
  maxRunning: number;
  /** KILN_APP_IDLE_MS: a preview's server stops after this long without a request. */
  idleMs: number;
  memoryMb: number;
  maxProcesses: number;
  /** What a project's own server may write: its layer's tmpfs (KILN_APP_DISK_MB). */
  diskMb?: number;
  startTimeoutMs: number;
  /** KILN_APP_REQUEST_TIMEOUT_MS: until a response's headers; past it, 504 and the server restarts. */
  requestTimeoutMs: number;
  maxResponseBytes: number;
  /** KILN_APP_RESPONSE_TIMEOUT_MS: a whole response; a body still going then is cut (default 5 min). */
  responseTimeoutMs?: number;
  /** Lines kept per server for the Logs view. */
  logLines?: number;
  /** A deployed server's health check period. */
  healthCheckMs?: number;
  onError?: (meta: AppServerMeta, error: AppServerError) => void;
}

/** Whose server it is: for the Logs view and the error panel. */
export interface AppServerMeta {
  chatId: string;
  version: number;
  /** A deployment's server: kept running, restarted on a crash, health-checked. */
  deployed: boolean;
}

/** What a server needs at start, asked for each start (secrets are never kept between). */
export interface AppStartSpec {
  launch: AppLaunch;
  secrets: Record<string, string>;
  egress: EgressPolicy;
  meta: AppServerMeta;
  /** Host names it is asked under (servers that check Host, like Vite's preview, allow them). */
  hosts?: string[];
}

export type AppServerState = 'stopped' | 'starting' | 'running' | 'crashed';

interface Entry {
  key: string;
  meta: AppServerMeta;
  log: AppLog;
  state: AppServerState;
  process: AppProcess | null;
  agent: Agent | null;
  starting: Promise<Entry> | null;
  lastUsed: number;
  idleTimer?: NodeJS.Timeout;
  /** Set when Kiln stops it (idle, LRU, close): an end that is not a crash. */
  stopping: boolean;
  describe: () => Promise<AppStartSpec>;
  lastError?: string;
  restarts: number;
  /** Requests being answered: the idle timer runs only while there are none. */
  inFlight: number;
  /** A project server's workspace (kept-workspaces.ts marks it in use). */
  workspace?: string;
}

/** Kiln's cookie that opens a private preview: the app never sees it. */
const HIDDEN_COOKIES = [TOKEN_COOKIE];
/** Entries (with their logs) remembered after their server stopped. */
const MAX_REMEMBERED = 200;

/**
 * The app servers of this machine (decision 0054): started on demand by key (a build's hash),
 * at most `maxRunning` at once (least recently used stopped first, previews before deployments),
 * a preview's stopped when idle, a deployment's kept, restarted after a crash and health-checked.
 */
export class AppServers {
  private readonly entries = new Map<string, Entry>();
  private healthTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: AppServersOptions) {
    const every = options.healthCheckMs ?? 30_000;
    this.healthTimer = setInterval(() => void this.checkDeployed(), every);
    this.healthTimer.unref();
    void removeStaleRunDirs();
  }

  /** Forwards a request to the server of `key`, starting it first when it is not running. */
  async handle(
    key: string,
    describe: () => Promise<AppStartSpec>,
    request: Request,
    extras: { clientAddress?: string; identityEncoding?: boolean } = {},
  ): Promise<ProxyOutcome> {
    let entry: Entry;
    try {
      entry = await this.ensure(key, describe);
    } catch (error) {
      return { ok: false, reason: 'unreachable', message: (error as Error).message };
    }
    entry.inFlight += 1;
    this.touch(entry);
    const outcome = await proxyToApp(entry.agent!, request, {
      timeoutMs: this.options.requestTimeoutMs,
      maxResponseBytes: this.options.maxResponseBytes,
      responseTimeoutMs: this.options.responseTimeoutMs ?? DEFAULT_RESPONSE_TIMEOUT_MS,
      hiddenCookies: HIDDEN_COOKIES,
      ...extras,
      onCut: (reason) => entry.log.note(reason),
      onDone: () => {
        entry.inFlight -= 1;
        this.touch(entry);
      },
    });
    if (!outcome.ok && outcome.reason === 'timeout') {
      // A server that cannot answer in time is stuck (a loop): the next request gets a fresh one.
      entry.log.note(`no answer within ${this.options.requestTimeoutMs} ms: the server is restarted`);
      void this.stopEntry(entry);
    }
    return outcome;
  }

  /** Starts the server of `key` when it is not running; settles once it listens (or failed). */
  async warm(key: string, describe: () => Promise<AppStartSpec>): Promise<void> {
    this.touch(await this.ensure(key, describe));
  }

  /** Whether a server for `key` is running or coming up (the building page says 'Starting'). */
  stateOf(key: string): AppServerState {
    return this.entries.get(key)?.state ?? 'stopped';
  }

  logs(key: string): { state: AppServerState; lines: AppLogLine[]; lastError?: string } {
    const entry = this.entries.get(key);
    if (!entry) return { state: 'stopped', lines: [] };
    return { state: entry.state, lines: entry.log.recent(), lastError: entry.lastError };
  }

  /** The servers running or coming up now, least recently used first (the /admin page). */
  list(): { key: string; meta: AppServerMeta; state: AppServerState; lastUsed: Date; restarts: number }[] {
    return [...this.entries.values()]
      .filter((entry) => entry.state === 'running' || entry.state === 'starting')
      .sort((a, b) => a.lastUsed - b.lastUsed)
      .map((entry) => ({
        key: entry.key,
        meta: entry.meta,
        state: entry.state,
        lastUsed: new Date(entry.lastUsed),
        restarts: entry.restarts,
      }));
  }

  async stop(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) await this.stopEntry(entry);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.healthTimer);
    await Promise.all([...this.entries.values()].map((entry) => this.stopEntry(entry)));
  }

  private async ensure(key: string, describe: () => Promise<AppStartSpec>): Promise<Entry> {
    if (this.closed) throw new Error('Kiln is shutting down.');
    let entry = this.entries.get(key);
    if (entry?.process && !entry.process.hasEnded && entry.agent) return entry;
    if (entry?.starting) return entry.starting;
    if (!entry) {
      entry = {
        key,
        meta: { chatId: '', version: 0, deployed: false },
        log: new AppLog(this.options.logLines ?? 500, (error) => this.options.onError?.(entry!.meta, error)),
        state: 'stopped',
        process: null,
        agent: null,
        starting: null,
        lastUsed: Date.now(),
        stopping: false,
        describe,
        restarts: 0,
        inFlight: 0,
      };
      this.entries.set(key, entry);
      this.forgetOld();
    }
    entry.describe = describe;
    const starting = this.start(entry);
    entry.starting = starting;
    try {
      return await starting;
    } finally {
      entry.starting = null;
    }
  }

  private async start(entry: Entry): Promise<Entry> {
    entry.state = 'starting';
    entry.stopping = false;
    try {
      const spec = await entry.describe();
      entry.meta = spec.meta;
      entry.workspace = spec.launch.kind === 'command' ? spec.launch.workspace : undefined;
      await this.makeRoom(entry.key);
      const runtime = await runtimeFiles(this.options.runtimeDir);
      const label = spec.launch.kind === 'handler' ? 'the api/ handler' : spec.launch.label;
      entry.log.note(`starting ${label}`);
      const started = performance.now();
      const process = await startAppProcess({
        sandbox: this.options.sandbox,
        runtime,
        launch: spec.launch,
        secrets: spec.secrets,
        egress: spec.egress,
        hosts: spec.hosts ?? [],
        limits: {
          memoryMb: this.options.memoryMb,
          maxProcesses: this.options.maxProcesses,
          diskMb: this.options.diskMb,
        },
        startTimeoutMs: this.options.startTimeoutMs,
        log: entry.log,
      });
      entry.log.note(`listening after ${Math.round(performance.now() - started)} ms`);
      entry.process = process;
      entry.agent = appAgent(process.socketPath);
      entry.state = 'running';
      entry.lastError = undefined;
      void process.ended.then(() => this.onEnded(entry, process));
      this.touch(entry);
      return entry;
    } catch (error) {
      entry.state = 'crashed';
      entry.lastError = (error as Error).message;
      entry.log.note(`could not start: ${entry.lastError}`);
      throw error;
    }
  }

  private onEnded(entry: Entry, process: AppProcess): void {
    if (entry.process !== process) return;
    void entry.agent?.close().catch(() => undefined);
    entry.process = null;
    entry.agent = null;
    clearTimeout(entry.idleTimer);
    if (entry.stopping || this.closed) {
      entry.state = 'stopped';
      return;
    }
    entry.state = 'crashed';
    entry.lastError = 'the server ended unexpectedly (see its log)';
    if (entry.meta.deployed) this.restartLater(entry);
  }

  /** A deployment's server comes back after a crash, a little later each time in a row. */
  private restartLater(entry: Entry): void {
    entry.restarts += 1;
    const delay = Math.min(60_000, 500 * 2 ** Math.min(entry.restarts, 7));
    const timer = setTimeout(() => {
      if (this.closed || entry.process || entry.starting) return;
      void this.ensure(entry.key, entry.describe).then(
        () => (entry.restarts = 0),
        () => this.restartLater(entry),
      );
    }, delay);
    timer.unref();
  }

  private touch(entry: Entry): void {
    entry.lastUsed = Date.now();
    clearTimeout(entry.idleTimer);
    // Never idle while answering (a first server-rendered page can take longer than the idle time).
    if (entry.meta.deployed || entry.inFlight > 0) return;
    entry.idleTimer = setTimeout(() => {
      entry.log.note(`idle for ${this.options.idleMs} ms: stopped`);
      void this.stopEntry(entry);
    }, this.options.idleMs);
    entry.idleTimer.unref();
  }

  /** Below the cap before a start: previews first, then deployments, least recently used first. */
  private async makeRoom(starting: string): Promise<void> {
    const live = [...this.entries.values()].filter(
      (entry) => entry.key !== starting && entry.process && !entry.process.hasEnded,
    );
    const excess = live.length + 1 - this.options.maxRunning;
    if (excess <= 0) return;
    live.sort((a, b) => Number(a.meta.deployed) - Number(b.meta.deployed) || a.lastUsed - b.lastUsed);
    await Promise.all(
      live.slice(0, excess).map((entry) => {
        entry.log.note(`stopped to make room (KILN_APP_SERVERS=${this.options.maxRunning})`);
        return this.stopEntry(entry);
      }),
    );
  }

  private async stopEntry(entry: Entry): Promise<void> {
    clearTimeout(entry.idleTimer);
    const process = entry.process;
    if (!process) return;
    entry.stopping = true;
    await process.stop();
    entry.state = 'stopped';
  }

  private forgetOld(): void {
    if (this.entries.size <= MAX_REMEMBERED) return;
    const idle = [...this.entries.values()]
      .filter((entry) => !entry.process && !entry.starting)
      .sort((a, b) => a.lastUsed - b.lastUsed);
    for (const entry of idle.slice(0, this.entries.size - MAX_REMEMBERED)) this.entries.delete(entry.key);
  }

  /** Deployed servers answer a request within the timeout, else they are restarted. */
  private async checkDeployed(): Promise<void> {
    for (const entry of this.entries.values()) {
      if (!entry.meta.deployed || !entry.process || entry.process.hasEnded || !entry.agent) continue;
      const probe = await proxyToApp(entry.agent, new Request('http://app/'), {
        timeoutMs: this.options.requestTimeoutMs,
        maxResponseBytes: 1024 * 1024,
        hiddenCookies: HIDDEN_COOKIES,
      });
      if (probe.ok) {
        await probe.response.body?.cancel().catch(() => undefined);
        // A deployment's kept workspace stays marked in use (kept-workspaces.ts).
        if (entry.workspace) await markWorkspaceUsed(entry.workspace);
        continue;
      }
      entry.log.note(`health check failed (${probe.message}): restarting`);
      await this.stopEntry(entry);
      this.restartLater(entry);
    }
  }
}
