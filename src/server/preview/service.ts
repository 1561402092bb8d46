import path from 'node:path';
import type { Framework } from '../../core/frameworks/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobRow } from '../db/schema/jobs.ts';
import { JobQueue, QueueShareFull, createWorker, type JobHandler, type Worker } from '../jobs/index.ts';
import { capReached } from '../limits/index.ts';
import type { BuildErrorPayload, BuildStatus, Realtime } from '../realtime/events.ts';
import { buildProject, type BuilderContext, type BuildInput } from './builder.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { MissingAssetError, withBlobBytes } from './blob-files.ts';
import type { ProjectFile } from './content-hash.ts';
import { OutputCache } from './output-cache.ts';
import { observeBuild } from '../observability/metrics.ts';
import { createStoredOutputs } from './stored-outputs.ts';
import { createPreviewToken } from './preview-token.ts';
import { pnpmPathsOf } from './install.ts';
import { prewarmStore } from './prewarm.ts';
import { StandbyPool } from './standby.ts';
import { detectSandbox, type Sandbox } from './sandbox.ts';
import { createBuildEgress } from './egress/build-egress.ts';
import { ResponseCache } from './egress/response-cache.ts';
import { loadPreviewVersion, markBuilt, versionHash, type PreviewVersion } from './versions.ts';

export const PREVIEW_JOB = 'preview-build';

export interface PreviewState {
  /** 'idle': nothing requested yet (the generation is still running, or never finished). */
  status: BuildStatus | 'idle';
  error?: BuildErrorPayload;
}

export interface PreviewServiceDeps {
  config: Config;
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  realtime: Realtime;
  /** Signs private-preview tokens. */
  secret: string;
  templateFiles: (framework: Framework) => Promise<ProjectFile[]>;
  /** Where the bytes of versions' binary files are (decision 0039). */
  blobs: BlobStore;
  /** The chat's integration variables (.env.local); empty until the integrations issue. */
  integrationEnv?: (chatId: string) => Promise<Record<string, string>>;
  /** Run builds in this process (KILN_ROLE all/worker). Default: role !== 'web'. */
  runsWorker?: boolean;
  /** Fill the pnpm store in the background on start. Default: runsWorker. */
  prewarm?: boolean;
  concurrency?: number;
  log?: (message: string) => void;
  /** A version's preview is ready (built, from the cache, or an HTML version): its screenshot. */
  onReady?: (version: PreviewVersion) => void;
  /** A version's preview build failed (not a deployment's): Kiln's repair rounds (generation/autofix.ts). */
  onFailed?: (version: PreviewVersion, error: BuildErrorPayload) => void;
  /**
   * Builds one owner may have waiting when they ask for one (KILN_RATE_LIMITS `build-queue`,
   * issue 21 item 2); null or unset: no cap. Builds Kiln asks for itself (a finished version)
   * always queue: the generation limits bound them.
   */
  maxQueuedPerOwner?: number | null;
}

export interface PreviewService {
  /**
   * Queues the build of a finished version (HTML: ready at once; cached content: ready at once).
   * `isAsked`: a person asked (a rebuild), so the owner's share of the queue applies: 429
   * `build-queue-full` when it is full.
   */
  requestBuild(
    chatId: string,
    version: number,
    options?: { force?: boolean; isAsked?: boolean },
  ): Promise<void>;
  getState(chatId: string, version: number, options?: BuildPurpose): Promise<PreviewState>;
  /** Where the version is seen: its preview host, for HTML versions too (decision 0038). */
  previewUrl(chatId: string, version: number): string;
  /**
   * previewUrl plus a signed token for a private chat's viewer: it opens this version only, until
   * the chat's visibility changes (preview-token.ts).
   */
  tokenUrl(version: Pick<PreviewVersion, 'chatId' | 'version' | 'previewTokenEpoch'>): string;
  /**
   * The built output folder of a version, when built: from this machine's cache, else fetched from
   * the blob store into it (stored-outputs.ts). `clean`: the build a deployment uses, without the preview's source locations (issue 17 item 2).
   */
  outputDirOf(version: PreviewVersion, options?: BuildPurpose): Promise<string | null>;
  readonly sandbox: Sandbox;
  readonly cache: OutputCache;
  readonly secret: string;
  readonly hostSuffixes: { preview: string; webcontainer: string };
  start(): void;
  /**
   * Builds a version here, outside the queue, so its kept server workspace exists on this machine
   * (a server-rendered build made by another process; decision 0054). One build per hash at once.
   */
  buildHere(chatId: string, version: number, options?: BuildPurpose): Promise<void>;
  /** Settles once the standby builds (if any) are started; tests and benchmarks wait for it. */
  standbysReady(): Promise<void>;
  /** Settles once the store is warm and the frameworks in use have their standbys (none before a build). */
  storeWarm(): Promise<void>;
  /**
   * A person started a generation of this framework: its standby is prepared now, while the model
   * answers (issue 35 item 6), so their first preview of it is a warm build. A no-op where this
   * process builds nothing or the standby is ready.
   */
  prepareStandby(framework: Framework): void;
  close(): Promise<void>;
}

/** `clean`: a deployment's build of the version, without the preview's source locations. */
export interface BuildPurpose {
  clean?: boolean;
}

const keyOf = (chatId: string, version: number, clean = false) =>
  `${clean ? 'preview-clean' : 'preview'}:${chatId}:${version}`;

export function createPreviewService(deps: PreviewServiceDeps): PreviewService {
  const { config, db, realtime } = deps;
  const log = deps.log ?? ((message: string) => console.log(message));
  const runsWorker = deps.runsWorker ?? config.role !== 'web';
  const queue = new JobQueue(db);
  const dataDir = path.resolve(config.dataDir);
  const sandbox = detectSandbox(config.preview.sandbox);
  const cache = new OutputCache(path.join(dataDir, 'builds'), config.preview.cacheMb * 1024 * 1024);
  const outputs = createStoredOutputs(deps.blobs, cache);
  const builder: BuilderContext = {
    workspacesDir: path.join(dataDir, 'workspaces'),
    serverWorkspacesDir: path.join(dataDir, 'app-servers', 'workspaces'),
    serverWorkspacesKept: config.apps.workspacesKept,
    pnpm: pnpmPathsOf(dataDir, config.preview.npmRegistry),
    sandbox,
    cache,
    limits: {
      timeoutMs: config.preview.buildTimeoutMs,
      memoryMb: config.preview.buildMemoryMb,
      diskMb: config.preview.buildDiskMb,
      maxProcesses: config.preview.buildMaxProcesses,
    },
    // Build steps reach public hosts on 80/443 through Kiln's guard, its answers shared by every
    // build here (issue 37, decision 0063).
    egress: createBuildEgress({
      enabled: config.preview.egress.enabled,
      sandbox,
      policy: { allowPrivate: false, allowOrigins: config.preview.egress.allowOrigins, ports: [80, 443] },
      cache: new ResponseCache(path.join(dataDir, 'build-fetches'), config.preview.egress.cacheBytes),
    }),
  };
  // Standbys need their own sandbox per build; the unprivileged fallback shares a user, so no.
  if (config.preview.standby && sandbox.kind !== 'unprivileged') {
    builder.standby = new StandbyPool({
      workspacesDir: builder.workspacesDir,
      pnpm: builder.pnpm,
      sandbox,
      limits: { ...builder.limits, maxOutputBytes: 512 * 1024 },
      templateFiles: deps.templateFiles,
      log,
      egress: builder.egress,
    });
  }
  const envOf = deps.integrationEnv ?? (async () => ({}));
  const publicUrl = new URL(config.publicUrl);
  const prewarmController = new AbortController();
  let standbyFill: Promise<void> = Promise.resolve();
  let worker: Worker | undefined;

  const publishStatus = (chatId: string, version: number, status: BuildStatus, error?: BuildErrorPayload) =>
    realtime.publish({ type: 'build-status', chatId, version, status, error });

  // Every framework, HTML too, is seen on its own preview host (decisions 0034, 0038).
  function previewUrl(chatId: string, version: number): string {
    const port = publicUrl.port ? `:${publicUrl.port}` : '';
    return `${publicUrl.protocol}//${chatId}-${version}.${config.previewHosts.preview}${port}/`;
  }

  async function markReady(version: PreviewVersion): Promise<void> {
    const { chatId, version: number } = version;
    if (await markBuilt(db, version.messageId)) {
      realtime.publish({
        type: 'message-update',
        chatId,
        messageId: version.messageId,
        version: number,
        isBuilt: true,
      });
    }
    publishStatus(chatId, number, 'ready');
    realtime.publish({
      type: 'preview-ready',
      chatId,
      version: number,
      previewId: `${chatId}-${number}`,
      url: previewUrl(chatId, number),
      timestamp: Date.now(),
    });
    deps.onReady?.(version);
  }

  async function hashOf(version: PreviewVersion, clean = false) {
    const template = await deps.templateFiles(version.framework);
    return versionHash(version, template, await envOf(version.chatId), { clean });
  }

  /** What the builder gets for a version: its files with their bytes, its env, its purpose. */
  async function buildInputOf(
    version: PreviewVersion,
    files: ProjectFile[],
    hash: string,
    clean: boolean,
  ): Promise<BuildInput> {
    return {
      hash,
      chatId: version.chatId,
      version: version.version,
      files: await withBlobBytes(files, deps.blobs),
      env: await envOf(version.chatId),
      framework: version.framework,
      // A deployment's build never carries the preview's source locations (issue 17 item 2).
      sourceLocations: !clean,
    };
  }

  const buildHandler: JobHandler = async (job, context) => {
    const payload = job.payload as { chatId: string; version: number; clean?: boolean };
    const { chatId, version: number } = payload;
    const clean = payload.clean === true;
    // A deployment's build is nobody's preview: it neither publishes steps nor marks the version.
    const publish = clean ? () => undefined : publishStatus;
    // Phases of the build, from here to the ready event (timings; `npm run bench -- preview`).
    const begun = performance.now();
    const version = await loadPreviewVersion(db, chatId, number);
    if (!version) return { status: 'gone' };
    const { files, hash } = await hashOf(version, clean);
    const local = cache.get(hash);
    if (local || (await outputs.isStored(hash))) {
      // Built here before this process published outputs: any web process may need it.
      if (local && !(await outputs.isStored(hash))) await outputs.publish(hash, local);
      if (!clean) await markReady(version);
      return { status: 'ready', hash, cached: true };
    }
    const started = performance.now();
    let input: BuildInput;
    try {
      input = await buildInputOf(version, files, hash, clean);
    } catch (error) {
      if (!(error instanceof MissingAssetError)) throw error;
      const failed = { title: 'Build Error', description: error.message, content: error.message };
      publish(chatId, number, 'error', failed);
      return { status: 'error', hash, error: failed };
    }
    const prepareMs = performance.now() - begun;
    const ready: Record<string, number> = {};
    const outcome = await buildProject(
      builder,
      input,
      async (step) => {
        // Recorded in the background: the build does not wait for the database.
        context.report(step);
        publish(chatId, number, step);
      },
      context.signal,
      async (outputDir) => {
        // Ready only once any web process can serve it (issue 20 item 1).
        let at = performance.now();
        await outputs.publish(hash, outputDir);
        ready.publishMs = performance.now() - at;
        at = performance.now();
        if (!clean) await markReady(version);
        ready.readyMs = performance.now() - at;
        ready.handlerMs = performance.now() - begun;
      },
    );
    if (context.signal.aborted) return { status: 'aborted' };
    observeBuild(version.framework, outcome.ok, started);
    if (!outcome.ok) {
      publish(chatId, number, 'error', outcome.error);
      if (!clean) deps.onFailed?.(version, outcome.error);
      return { status: 'error', hash, error: { ...outcome.error } };
    }
    const timings = { prepareMs, ...outcome.timings, ...ready };
    const totalMs = Math.round(performance.now() - started);
    log(
      `preview: built ${chatId}-${number} (${version.framework}) in ${totalMs} ms ${JSON.stringify(timings)}`,
    );
    return { status: 'ready', hash, timings, totalMs };
  };

  /** Queues the build of a finished version (HTML: ready at once; cached content: ready at once). */
  async function queueBuild(
    version: PreviewVersion,
    options: { force?: boolean; isAsked?: boolean } & BuildPurpose = {},
  ): Promise<void> {
    const { chatId, version: number } = version;
    const clean = options.clean === true;
    if (version.finishReason === 'length') {
      publishStatus(chatId, number, 'token-limit');
      return;
    }
    if (version.framework === 'html') {
      await markReady(version);
      return;
    }
    const { hash } = await hashOf(version, clean);
    const key = keyOf(chatId, number, clean);
    const payload = clean ? { chatId, version: number, clean } : { chatId, version: number };
    if (!options.force && (await outputs.exists(hash))) {
      // Same content built before (a remix, a theme round-trip): ready without building.
      await queue.record({
        kind: PREVIEW_JOB,
        key,
        payload,
        result: { status: 'ready', hash, cached: true },
      });
      if (!clean) await markReady(version);
      return;
    }
    const share = options.isAsked ? (deps.maxQueuedPerOwner ?? undefined) : undefined;
    const { isNew } = await queue
      .enqueue({ kind: PREVIEW_JOB, key, payload, owner: version.ownerId, maxQueuedOfOwner: share })
      .catch((error: unknown) => {
        throw error instanceof QueueShareFull ? capReached('build-queue', error.max) : error;
      });
    if (isNew && !clean) publishStatus(chatId, number, 'initializing');
    worker?.wake();
  }

  function stateOfJob(job: JobRow): PreviewState {
    if (job.status === 'queued') return { status: 'initializing' };
    if (job.status === 'running') return { status: (job.progress as BuildStatus | null) ?? 'initializing' };
    if (job.status === 'failed') {
      return {
        status: 'error',
        error: {
          title: 'Build Error',
          description: 'An error occurred during the build process.',
          content: String(job.error?.message ?? ''),
        },
      };
    }
    const result = job.result ?? {};
    if (result.status === 'error') return { status: 'error', error: result.error as BuildErrorPayload };
    return { status: 'ready' };
  }

  const buildingHere = new Map<string, Promise<void>>();
  async function buildHere(chatId: string, number: number, options: BuildPurpose = {}): Promise<void> {
    const version = await loadPreviewVersion(db, chatId, number);
    if (!version) throw new Error('This version does not exist any more.');
    const { files, hash } = await hashOf(version, options.clean === true);
    // Per chat and version: each keeps its own server workspace (decision 0055).
    const key = `${chatId}:${number}:${hash}`;
    const running = buildingHere.get(key);
    if (running) return running;
    const build = (async () => {
      // No standby: this may be a web process, which keeps none warm.
      const outcome = await buildProject(
        { ...builder, standby: undefined },
        await buildInputOf(version, files, hash, options.clean === true),
        async () => undefined,
      );
      if (!outcome.ok) throw new Error(`${outcome.error.title}: ${outcome.error.description}`);
      log(`preview: built ${chatId}-${number} here for its app server`);
    })();
    buildingHere.set(key, build);
    try {
      await build;
    } finally {
      buildingHere.delete(key);
    }
  }

  const service: PreviewService = {
    buildHere,
    sandbox,
    cache,
    secret: deps.secret,
    hostSuffixes: {
      preview: `.${config.previewHosts.preview}`,
      webcontainer: `.${config.previewHosts.webcontainer}`,
    },
    previewUrl,

    tokenUrl(version) {
      const url = previewUrl(version.chatId, version.version);
      const scope = { chatId: version.chatId, version: version.version, epoch: version.previewTokenEpoch };
      return `${url}?token=${createPreviewToken(deps.secret, scope)}`;
    },

    async requestBuild(chatId, number, options = {}) {
      const version = await loadPreviewVersion(db, chatId, number);
      if (version) await queueBuild(version, options);
    },

    async getState(chatId, number, options = {}) {
      const version = await loadPreviewVersion(db, chatId, number);
      if (!version || version.finishReason === null) return { status: 'idle' };
      if (version.finishReason === 'length') return { status: 'token-limit' };
      if (version.framework === 'html') return { status: 'ready' };
      const key = keyOf(chatId, number, options.clean);
      let job = await queue.latest(key);
      if (!job) {
        // A finished version whose build nobody asked for (a path that forgot to, like remix
        // once did): its first view asks, so no version stays 'idle' for ever.
        await queueBuild(version, options);
        job = await queue.latest(key);
      }
      const state = job ? stateOfJob(job) : ({ status: 'idle' } as PreviewState);
      if (state.status === 'ready' && !(await outputs.exists((await hashOf(version, options.clean)).hash))) {
        // Neither in this machine's cache nor in the store (a build older than the store): again.
        await queueBuild(version, { ...options, force: true });
        return { status: 'initializing' };
      }
      return state;
    },

    async outputDirOf(version, options = {}) {
      const { hash } = await hashOf(version, options.clean);
      return outputs.locate(hash);
    },

    start() {
      if (!runsWorker || worker) return;
      log(`preview: sandbox — ${sandbox.description}`);
      worker = createWorker({
        queue,
        handlers: { [PREVIEW_JOB]: buildHandler },
        concurrency: deps.concurrency ?? 2,
        // A killed worker's build goes to another worker once this runs out (issue 20 item 2).
        leaseMs: config.preview.jobLeaseMs,
        log,
      });
      const begin = async () => {
        if (deps.databaseKind === 'pglite') {
          const requeued = await queue.requeueAllRunning();
          if (requeued > 0) log(`preview: ${requeued} interrupted build(s) queued again`);
        }
        worker?.start();
      };
      void begin().catch((error: unknown) => log(`preview: worker failed to start: ${String(error)}`));
      if (deps.prewarm ?? true) {
        const warm = prewarmStore({
          pnpm: builder.pnpm,
          workspacesDir: builder.workspacesDir,
          templateFiles: deps.templateFiles,
          timeoutMs: config.preview.buildTimeoutMs,
          memoryMb: config.preview.buildMemoryMb,
          log,
          signal: prewarmController.signal,
        }).catch((error: unknown) => log(`preview: pre-warm failed: ${String(error)}`));
        // Standbys install offline from the warm store, so they start once it is warm.
        standbyFill = warm.then(() => builder.standby?.fill());
      } else {
        standbyFill = builder.standby?.fill() ?? Promise.resolve();
      }
    },

    prepareStandby(framework) {
      // Not before the store is warm: standbys install offline from it.
      void standbyFill.then(() => builder.standby?.refill(framework));
    },

    async storeWarm() {
      await standbyFill;
    },

    async standbysReady() {
      await standbyFill;
      await builder.standby?.whenReady();
    },

    async close() {
      prewarmController.abort();
      await worker?.close();
      await builder.standby?.close();
    },
  };
  return service;
}
