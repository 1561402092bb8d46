import { serve } from '@hono/node-server';
import { ConfigError, parseConfig, type Config } from './config.ts';
import { ensureWebBundle } from './http/web-bundle.ts';
import { createKiln, REPO_ROOT, WEB_ROOT } from './main.ts';
import { DataDirLockedError } from './storage/data-dir.ts';

/**
 * `npm start` (compiled to dist/server and run by scripts/start.mjs, decision 0052): build the web
 * app if needed, open the database, listen, print the address.
 */
async function start() {
  const config = parseConfig(process.env);
  if (config.role === 'worker') return runWorker(config);
  await ensureWebBundle(REPO_ROOT, WEB_ROOT);
  const kiln = await createKiln(config);
  // The model thread starts with the first generation, not here: an idle server does not hold
  // a second V8 heap with the AI SDK loaded (decision 0052).
  // KILN_ROLE=all builds previews in this process too; web leaves them to worker processes.
  kiln.services.preview.start();
  const server = serve({ fetch: kiln.app.fetch, port: config.port, hostname: config.listen }, () => {
    const database = kiln.services.databaseKind === 'pglite' ? `embedded (${config.dataDir})` : 'PostgreSQL';
    console.log(
      `\n  Kiln ${kiln.services.version} is running: open ${config.publicUrl}\n  database: ${database}\n`,
    );
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // No new connections; open streams go on while their generations finish (issue 20 item 2).
    server.close();
    await shutDown(kiln, config);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Graceful shutdown within KILN_SHUTDOWN_TIMEOUT_MS: running generations may finish, then the
 * rest stop with their text stored; running builds go back to the queue for another worker.
 * Whatever still hangs after a margin does not keep the process alive.
 */
async function shutDown(kiln: Awaited<ReturnType<typeof createKiln>>, config: Config): Promise<never> {
  setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 10_000).unref();
  await kiln.close({ graceMs: config.shutdownTimeoutMs });
  process.exit(0);
}

/** KILN_ROLE=worker: no HTTP, only the build queue (several may share one PostgreSQL). */
async function runWorker(config: Config) {
  const kiln = await createKiln(config);
  kiln.services.preview.start();
  console.log(`\n  Kiln ${kiln.services.version} preview worker is running\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await shutDown(kiln, config);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

start().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
