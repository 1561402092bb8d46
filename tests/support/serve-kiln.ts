import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { parseConfig } from '../../src/server/config.ts';
import { createKiln } from '../../src/server/main.ts';

/**
 * Kiln's server as `npm start` runs it (config from the environment, the data folder's database),
 * without building the web bundle, on a free port it prints as `listening on <port>`: for tests
 * that need the real process's stdout and stderr (tests/integration/secrets-logs.test.ts).
 */
const config = parseConfig(process.env);
const kiln = await createKiln(config);
const server = serve({ fetch: kiln.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
  console.log(`listening on ${info.port}`);
});
const stop = async () => {
  server.close();
  await kiln.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
