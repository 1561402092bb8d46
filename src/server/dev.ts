import path from 'node:path';
import { serve } from '@hono/node-server';
import { createServer } from 'vite';
import { parseConfig } from './config.ts';
import { createKiln, REPO_ROOT } from './main.ts';

/**
 * `npm run dev`: the API on PORT+1 and Vite (hot reload) on PORT, proxying /api and /content
 * to it, so the browser still talks to one origin.
 */
async function dev() {
  const config = parseConfig(process.env);
  const apiPort = config.port + 1;
  const kiln = await createKiln({ ...config, port: apiPort });
  serve({ fetch: kiln.app.fetch, port: apiPort, hostname: '127.0.0.1' });
  // Previews build in dev too (the build worker and the store pre-warm).
  kiln.services.preview.start();
  process.env.KILN_API_ORIGIN = `http://127.0.0.1:${apiPort}`;
  process.env.KILN_DEV_PREVIEW_HOSTS = JSON.stringify(config.previewHosts);
  const vite = await createServer({
    configFile: path.join(REPO_ROOT, 'vite.config.ts'),
    server: { port: config.port, host: config.listen, strictPort: true },
  });
  await vite.listen();
  console.log(`\n  Kiln (dev) is running: open ${config.publicUrl}\n`);
  const stop = async () => {
    await vite.close();
    await kiln.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

dev().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
