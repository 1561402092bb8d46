import { AppServers } from './app-servers/manager.ts';
import { createAppRouting } from './app-servers/app-routing.ts';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import { resolveModel } from './ai/model.ts';
import { createAuth } from './auth/auth.ts';
import { createSessionCache } from './auth/session-cache.ts';
import { createSessionChanges } from './auth/session-changes.ts';
import { GenerationService } from './generation/service.ts';
import { createModelWorker } from './generation/model-worker.ts';
import { forgetAllClaims } from './generation/claims.ts';
import { recoverInterruptedVersions } from './generation/recover.ts';
import { createInProcessRealtime } from './realtime/in-process.ts';
import { createPlanChanges } from './billing/plan-changes.ts';
import { createBrowserService } from './browser/index.ts';
import { startEgressProxy, type EgressProxy } from './net/egress-proxy.ts';
import { createCloneService, createFetchPage } from './clone/index.ts';
import { createAutofix } from './generation/autofix.ts';
import { createVersionScreenshots } from './screenshots/version-screenshots.ts';
import { parsePreviewHost } from './preview/http/preview-host.ts';
import { TOKEN_COOKIE } from './preview/preview-token.ts';
import { createPreviewToken } from './preview/preview-token.ts';
import { loadPreviewVersion } from './preview/versions.ts';
import { mapVersionStack } from './preview/stack-map.ts';
import { createPreviewService } from './preview/index.ts';
import { createHosting } from './hosting/index.ts';
import { Limiter } from './limits/index.ts';
import { createCodeHost } from './codehost/index.ts';
import { createChatIntegrations, createIntegrations, createMigrationRunner } from './integrations/index.ts';
import { createIntegrationGuidance } from './integrations/model-guidance.ts';
import { loadBlankTemplate } from './templates/load.ts';
import { createDependencyResolver, createRegistryClient, createStoreVersions } from './dependencies/index.ts';
import { pnpmPathsOf } from './preview/install.ts';
import { createLocalBlobStore } from './storage/local-blob-store.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { createHttpApp, type HttpApp } from './http/app.ts';
import { createLogger, logLine, type LogDestination } from './observability/logger.ts';
import type { Services } from './http/context.ts';
import { createAdminService } from './admin/service.ts';
import { adminCliKey } from './admin/cli-key.ts';
import { loadOrCreateSecret, lockDataDir, type DataDirLock } from './storage/data-dir.ts';

import { REPO_ROOT, WEB_ROOT } from './paths.ts';

export { REPO_ROOT, WEB_ROOT };

export function readVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

export interface Kiln {
  app: HttpApp;
  services: Services;
  /** `graceMs`: how long running generations may finish first (graceful shutdown). */
  close(options?: { graceMs?: number }): Promise<void>;
}

export interface KilnOptions {
  /** Tests use an in-memory PGlite; the default keeps it in {dataDir}/data. */
  inMemoryDatabase?: boolean;
  /** Where the JSON log goes (default stdout); tests read the lines from a stream. */
  logDestination?: LogDestination;
}

/**
 * The composition root: config → data folder → database → services → HTTP, built once.
 * With the embedded database the data folder is locked, so a second process cannot open it.
 */
export async function createKiln(config: Config, options: KilnOptions = {}): Promise<Kiln> {
  let lock: DataDirLock | undefined;
  let database: DatabaseHandle | undefined;
  const logger = createLogger(config.observability.logLevel, options.logDestination);
  try {
    if (!config.databaseUrl && !options.inMemoryDatabase) lock = lockDataDir(config.dataDir);
    const secret = loadOrCreateSecret(config.dataDir, config.secret);
    database = await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : {
            kind: 'pglite',
            dataDir: options.inMemoryDatabase ? undefined : path.join(config.dataDir, 'data'),
          },
    );
    const auth = createAuth({ db: database.db, config, secret });
    const limits = new Limiter(database.db, config.limits.rates, config.limits.trustedProxies);
    const model = await resolveModel(config.ai);
    const blobs = config.s3
      ? // The AWS SDK (~20 MB) is loaded only where a bucket is configured.
        (await import('./storage/s3-blob-store.ts')).createS3BlobStore(config.s3)
      : createLocalBlobStore(path.join(config.dataDir, 'blobs'));
    const realtime = config.databaseUrl
      ? (await import('./realtime/postgres.ts')).createPostgresRealtime(
          config.databaseUrl,
          logLine(logger, 'error'),
        )
      : createInProcessRealtime();
    const chatIntegrations = createChatIntegrations({ config, db: database.db, secret });
    // Launched on first use (a version's screenshot), so a Kiln that never needs it never starts it.
    // Its traffic beyond Kiln's own hosts goes through the egress proxy, started with it.
    let egress: Promise<EgressProxy> | undefined;
    // What a clone may fetch (the server's fetch and, through the egress proxy, its browser).
    const clonePolicy = {
      allowPrivate: config.clone.allowPrivateAddresses,
      allowOrigins: config.clone.allowOrigins,
    };
    const browser = createBrowserService({
      chromiumPath: config.browser.chromiumPath,
      maxPages: config.browser.maxPages,
      log: logLine(logger),
      proxyUrl: async () => {
        egress ??= startEgressProxy(clonePolicy).catch((error: unknown) => {
          egress = undefined; // tried again on the next launch
          throw error;
        });
        return (await egress).url;
      },
    });
    // The HTTP app serves the previews the browser loads; it exists before any build is ready.
    const served: { app?: HttpApp } = {};
    const opened = database;
    const screenshots = createVersionScreenshots({
      db: database.db,
      log: logLine(logger),
      blobs,
      browser,
      previewOf: async ({ chatId, version }) => {
        // A one-version token opens a private chat's preview, as a listing's thumbnail does.
        const found = await loadPreviewVersion(opened.db, chatId, version);
        const epoch = found?.previewTokenEpoch ?? 0;
        return {
          url: preview.previewUrl(chatId, version),
          cookie: `${TOKEN_COOKIE}=${createPreviewToken(secret, { chatId, version, epoch })}`,
        };
      },
      // Previews and the app's own files they load (Tailwind/daisyUI copies), never the network.
      local: async (request) => {
        const url = new URL(request.url);
        const isKiln =
          url.origin === new URL(config.publicUrl).origin ||
          parsePreviewHost(url.host, preview.hostSuffixes) !== null;
        return served.app && isKiln ? served.app.fetch(request) : null;
      },
      mapFrames: (target) => async (frames) => {
        const version = await loadPreviewVersion(opened.db, target.chatId, target.version);
        return version ? mapVersionStack(preview, version, frames) : frames.map(() => null);
      },
      // Open editors refetch the version: its screenshot and what the check found.
      onChecked: ({ chatId, version, messageId }) =>
        realtime.publish({ type: 'version-checked', chatId, version, messageId }),
    });
    // Kiln's repair rounds: a failed build goes back to the model (the generation service comes later).
    const autofix = createAutofix({ db: database.db, generation: () => generation, log: logLine(logger) });
    // Builds run when start() is called (start.ts, tests that build), not on every createKiln.
    const preview = createPreviewService({
      config,
      db: database.db,
      databaseKind: database.kind,
      realtime,
      secret,
      templateFiles: loadBlankTemplate,
      blobs,
      // The enabled integrations' public values go to the preview's .env.local (issue 16 item 4).
      integrationEnv: (chatId) => chatIntegrations.publicEnv(chatId),
      onReady: (version) => {
        if (config.browser.versionChecks) screenshots.request(version);
      },
      onFailed: (version, error) => void autofix.onBuildFailed(version.chatId, version.version, error),
      maxQueuedPerOwner: limits.cap('build-queue'),
      log: logLine(logger),
    });
    // Anything still marked as streaming without a live claim was cut off (a crash; with
    // PostgreSQL, a process that died — others renew their claims, generation/claims.ts).
    if (database.kind === 'pglite') await forgetAllClaims(database.db);
    await recoverInterruptedVersions(database.db, blobs);
    const modelWorker = createModelWorker(config.ai, model.model);
    const generation = new GenerationService({
      db: database.db,
      blobs,
      realtime,
      model,
      readModel: modelWorker.read,
      timeoutMs: config.ai.timeoutMs,
      onVersionFinished: (chatId, version) => preview.requestBuild(chatId, version),
      onGenerationStarting: (framework) => preview.prepareStandby(framework),
      integrationGuidance: createIntegrationGuidance({ config, db: database.db, secret, chatIntegrations }),
      costs: config.costs,
      maxRunningPerUser: limits.cap('generation-running'),
      // Packages a version imports but does not declare are added to its package.json (0056).
      projectFixes: {
        dependencies: createDependencyResolver({
          registry: createRegistryClient({ url: config.preview.npmRegistry }),
          store: createStoreVersions(pnpmPathsOf(path.resolve(config.dataDir)).storeDir),
          log: logLine(logger),
        }),
        templateFiles: loadBlankTemplate,
        log: logLine(logger),
      },
      // The offline demo model answers from its catalogue and cannot read a build log: no rounds.
      autofixRounds: model.isDemo ? 0 : config.ai.autofixRounds,
    });
    const appServers = new AppServers({
      sandbox: preview.sandbox,
      runtimeDir: path.join(path.resolve(config.dataDir), 'app-servers', 'runtime'),
      maxRunning: config.apps.maxRunning,
      idleMs: config.apps.idleMs,
      memoryMb: config.apps.memoryMb,
      maxProcesses: config.preview.buildMaxProcesses,
      diskMb: config.apps.diskMb,
      startTimeoutMs: config.apps.startTimeoutMs,
      requestTimeoutMs: config.apps.requestTimeoutMs,
      maxResponseBytes: config.apps.maxResponseBytes,
      responseTimeoutMs: config.apps.responseTimeoutMs,
      onError: (meta, error) =>
        realtime.publish({ type: 'app-server-error', chatId: meta.chatId, version: meta.version, error }),
    });
    const apps = createAppRouting({
      servers: appServers,
      root: path.join(path.resolve(config.dataDir), 'app-servers'),
      integrations: chatIntegrations,
      allowPrivateIntegrations: config.integrations.allowPrivateAddresses,
      egressPorts: config.apps.egressPorts,
      rebuildServer: ({ chatId, version, clean }) => preview.buildHere(chatId, version, { clean }),
    });
    const hosting = createHosting({
      config,
      db: database.db,
      preview,
      blobs,
      templateFiles: loadBlankTemplate,
      realtime,
    });
    const codeHost = createCodeHost({ config, db: database.db, secret, blobs, preview, realtime });
    const integrations = createIntegrations({ config, db: database.db, secret });
    const planChanges = createPlanChanges(realtime, database.db);
    const sessions = createSessionCache(auth);
    const sessionChanges = createSessionChanges(realtime, sessions);
    // Stripe's SDK is loaded only where payments are set up.
    const billing = config.stripe
      ? (await import('./billing/stripe/service.ts')).createBillingService({
          db: database.db,
          config: config.stripe,
          publicUrl: config.publicUrl,
          planChanged: planChanges.announce,
          log: logLine(logger, 'error'),
        })
      : null;
    const clone = createCloneService({
      db: database.db,
      blobs,
      realtime,
      browser,
      generation,
      runsWorker: config.role !== 'web',
      // The fallback path's fetches go through the SSRF guard (issue 19 item 5).
      fetchPage: createFetchPage(clonePolicy),
      log: logLine(logger),
    });
    const admin = createAdminService({
      db: database.db,
      realtime,
      announceSessions: (userId) => sessionChanges.announce(userId),
      apps,
    });
    const services: Services = {
      config,
      admin,
      adminCliKey: adminCliKey(secret),
      db: database.db,
      databaseKind: database.kind,
      auth,
      sessions,
      sessionChanges,
      version: readVersion(),
      webRoot: WEB_ROOT,
      blobs,
      realtime,
      model,
      generation,
      modelWorker,
      preview,
      apps,
      hosting,
      codeHost,
      integrations,
      chatIntegrations,
      runMigration: createMigrationRunner({
        db: database.db,
        chatIntegrations,
        allowPrivateAddresses: config.integrations.allowPrivateAddresses,
      }),
      billing,
      browser,
      screenshots,
      clone,
      limits,
      logger,
    };
    const app = createHttpApp(services);
    served.app = app;
    const db = database;
    return {
      app,
      services,
      /**
       * `graceMs` (SIGTERM, KILN_SHUTDOWN_TIMEOUT_MS): running generations may finish first; the
       * rest stop with their text stored, and running builds are handed back to the queue.
       */
      async close(options: { graceMs?: number } = {}) {
        await clone.close();
        await generation.close(options.graceMs ?? 0);
        await modelWorker.close();
        await preview.close();
        await appServers.close();
        screenshots.close();
        await browser.close();
        await screenshots.idle();
        await egress?.then((proxy) => proxy.close()).catch(() => undefined);
        planChanges.close();
        sessionChanges.close();
        await realtime.close();
        await db.close();
        lock?.release();
      },
    };
  } catch (error) {
    await database?.close();
    lock?.release();
    throw error;
  }
}
