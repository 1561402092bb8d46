import { serve } from '@hono/node-server';
import { parseConfig } from '../../../src/server/config.ts';
import { createKiln } from '../../../src/server/main.ts';

/**
 * A cluster process: what src/server/start.ts (`npm start`) runs for KILN_ROLE web and worker —
 * the same services, the same shutdown (no new connections, then
 * `kiln.close({ graceMs: KILN_SHUTDOWN_TIMEOUT_MS })`, exit 0) — without building the web app:
 * the cluster's web processes serve the API, previews and sites, and a test run must not rebuild
 * dist/web under the other tests (and Playwright) that use it.
 */
const config = parseConfig(process.env);
const kiln = await createKiln(config);
// KILN_ROLE=worker runs the build queue; web only asks for builds (as in start.ts).
kiln.services.preview.start();
const server =
  config.role === 'worker'
    ? undefined
    : serve({ fetch: kiln.app.fetch, port: config.port, hostname: config.listen });
if (config.role === 'worker') console.log('preview worker is running');

let isStopping = false;
const stop = async () => {
  if (isStopping) return;
  isStopping = true;
  server?.close();
  setTimeout(() => process.exit(1), config.shutdownTimeoutMs + 10_000).unref();
  await kiln.close({ graceMs: config.shutdownTimeoutMs });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
