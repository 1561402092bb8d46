import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpUser } from './generation-helpers.ts';
import {
  createPreviewKiln,
  createVersion,
  templateWith,
  waitForBuild,
  type TestKiln,
} from './preview-helpers.ts';

/** GET over a keep-alive agent with a Host header (fetch cannot set one). */
function get(
  agent: http.Agent,
  port: number,
  host: string,
  path: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent, headers: { host } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

describe('a deployed site under load while previews build (issue 14)', () => {
  let kiln: TestKiln;
  let server: ReturnType<typeof serve>;
  let port: number;

  beforeAll(async () => {
    kiln = await createPreviewKiln();
    kiln.services.preview.start();
    server = serve({ fetch: kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.close();
    await kiln?.close();
  });

  it('1,000 requests over 50 keep-alive connections: every one answered in full, none lost', async () => {
    const owner = await signedUpUser(kiln, { premium: true });
    const script = `export const rows = ${JSON.stringify(Array.from({ length: 3000 }, (_, i) => `row ${i}`))};\n`;
    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [
        {
          name: 'index.html',
          content: '<h1>Under load</h1><script type="module" src="/app-5d41402a.js"></script>',
        },
        { name: 'app-5d41402a.js', content: script },
      ],
    });
    const deployed = await owner.client.request(`/api/chats/${chatId}/deployment`, {
      method: 'POST',
      json: { subdomain: 'under-load', version: 1 },
    });
    expect(deployed.status).toBe(200);

    // Previews queued to build while the site is served.
    const builds = await Promise.all(
      ['One', 'Two', 'Three'].map((text) =>
        createVersion(kiln, {
          userId: owner.userId,
          framework: 'react',
          files: templateWith('react', {
            'src/App.tsx': `export default function App() { return <p>Load ${text}</p>; }`,
          }),
        }),
      ),
    );
    for (const build of builds) await kiln.services.preview.requestBuild(build.chatId, build.version);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const host = `under-load.localhost:${port}`;
    const paths = ['/', '/app-5d41402a.js', '/some/client/route'];
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => {
        const path = paths[i % paths.length]!;
        return get(agent, port, host, path).then(
          (response) => ({ path, ...response }),
          (error: Error) => ({ path, status: 0, body: error.message }),
        );
      }),
    );
    agent.destroy();
    const failures = results.filter(
      (result) =>
        result.status !== 200 ||
        !(result.path === '/app-5d41402a.js' ? result.body === script : result.body.includes('Under load')),
    );
    expect(failures.slice(0, 3)).toEqual([]);
    expect(results).toHaveLength(1000);

    // The builds ran to the end beside the load.
    for (const build of builds)
      expect((await waitForBuild(kiln, build.chatId, build.version)).status).toBe('ready');
  });
});
