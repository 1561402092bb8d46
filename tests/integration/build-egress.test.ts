/**
 * Issue 37 item 2 (decision 0063): a build step reaches public hosts through Kiln's egress guard.
 * Real sandboxed builds of `sh build.sh` projects (no bundler: about a second each) fetch from a
 * loopback site that KILN_BUILD_EGRESS_ALLOW_ORIGINS treats as public: what they fetched reaches
 * their output, a rebuild with the site gone is answered from Kiln's cache, private, metadata and
 * loopback addresses stay refused with the reason in the build's log, and with
 * KILN_BUILD_EGRESS=off nothing is fetched at all.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSandbox } from '../../src/server/preview/sandbox.ts';
import {
  createPreviewKiln,
  createUser,
  createVersion,
  previewHost,
  waitForBuild,
  type TestKiln,
} from './preview-helpers.ts';

interface Site {
  origin: string;
  /** Every request received: `GET /path`. */
  hits: string[];
  close(): Promise<void>;
}

/** A site on 127.0.0.1: a stylesheet kept for an hour, a note with no freshness, a redirect. */
async function startSite(redirectTo = 'http://10.0.0.1/'): Promise<Site> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    if (request.url === '/fonts.css')
      return response
        .writeHead(200, { 'content-type': 'text/css', 'cache-control': 'max-age=3600' })
        .end("@font-face { font-family: 'Kiln Test'; src: url(kiln-test.woff2); }");
    if (request.url === '/note.txt') return response.writeHead(200).end('fetched with http.get');
    if (request.url === '/to-loopback') return response.writeHead(302, { location: redirectTo }).end();
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Fetches with fetch and with http.get (a named ESM import), in a Node that sh starts. */
const fetchScript = (origin: string, edition: number) => `// edition ${edition}
import fs from 'node:fs';
import { get } from 'node:http';
const css = await (await fetch('http://${origin}/fonts.css')).text();
const note = await new Promise((resolve, reject) =>
  get('http://${origin}/note.txt', (res) => {
    let text = '';
    res.on('data', (chunk) => (text += chunk));
    res.on('end', () => resolve(text));
  }).on('error', reject),
);
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/index.html', '<!doctype html><title>egress</title><style>' + css + '</style><p>' + note + '</p>');
`;

/**
 * Tries each URL (fetch, then https.get) and raw TCP to each `host:port` (a client of its own, as
 * a database driver is), prints what happened, and fails the build (so its log is shown).
 */
const probeScript = (urls: string[], tcp: string[] = []) => `import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
// Kiln's sockets and preload are bound read-only: the build can replace neither.
for (const file of ['/run/kiln-egress/preload.mjs', '/run/kiln-egress/http.sock']) {
  try {
    fs.rmSync(file);
    console.log('probe removed', file);
  } catch (error) {
    console.log('probe kept', file, error.code);
  }
}
for (const url of ${JSON.stringify(urls)}) {
  try {
    const answer = await fetch(url);
    console.log('probe', url, 'reached', answer.status);
  } catch (error) {
    console.log('probe', url, 'failed', error.cause?.code ?? error.message);
  }
}
await new Promise((resolve) =>
  https.get('https://10.0.0.2/', () => resolve()).on('error', (error) => {
    console.log('probe https://10.0.0.2/ failed', error.code);
    resolve();
  }),
);
for (const target of ${JSON.stringify(tcp)}) {
  const [host, port] = target.split(':');
  const text = await new Promise((resolve) => {
    let text = '';
    const socket = net.connect(Number(port), host, () => socket.write('GET /note.txt HTTP/1.0\\r\\n\\r\\n'));
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text.split('\\r\\n')[0] || 'closed'));
  });
  console.log('probe tcp', target, text);
}
process.exit(1);
`;

const sandbox = detectSandbox('auto');

describe.runIf(sandbox.kind === 'bwrap')('build egress', () => {
  let kiln: TestKiln;
  let userId: string;
  let site: Site;
  /** Another loopback service of the host's, never opened to builds. */
  let host: Site;

  beforeAll(async () => {
    host = await startSite();
    // Its redirect leads to the host's loopback on an open port: the address is what is refused.
    site = await startSite('http://127.0.0.1/secret');
    kiln = await createPreviewKiln({
      KILN_BUILD_EGRESS: 'on',
      KILN_BUILD_EGRESS_ALLOW_ORIGINS: site.origin,
    });
    kiln.services.preview.start();
    userId = await createUser(kiln);
  });
  afterAll(async () => {
    await kiln?.close();
    await site?.close();
    await host?.close();
  });

  async function build(script: string, kilnToUse = kiln, owner = userId) {
    const packageJson = { name: 'egress', private: true, scripts: { dev: 'true', build: 'sh build.sh' } };
    const { chatId, version } = await createVersion(kilnToUse, {
      userId: owner,
      framework: 'react',
      files: [
        { name: 'package.json', content: JSON.stringify(packageJson, null, 2) },
        // A build config file, so the snapshot counts as complete (no template merged in).
        { name: 'vite.config.js', content: 'export default {};\n' },
        { name: 'build.sh', content: 'set -e\nnode fetch.mjs\n' },
        { name: 'fetch.mjs', content: script },
      ],
    });
    await kilnToUse.services.preview.requestBuild(chatId, version);
    return { chatId, version, state: await waitForBuild(kilnToUse, chatId, version) };
  }

  async function page(chatId: string, version: number): Promise<string> {
    const response = await kiln.app.request('/', { headers: { host: previewHost(chatId, version) } });
    return response.text();
  }

  it('a build fetches from a public host through Kiln, and what it fetched is in its output', async () => {
    const { chatId, version, state } = await build(fetchScript(site.origin, 1));
    expect(state).toEqual({ status: 'ready' });
    const html = await page(chatId, version);
    expect(html).toContain("font-family: 'Kiln Test'");
    expect(html).toContain('<p>fetched with http.get</p>');
    expect(site.hits).toEqual(['GET /fonts.css', 'GET /note.txt']);
  }, 240_000);

  it("private, metadata and the host's loopback addresses stay refused, and the log names each with its reason", async () => {
    const { state } = await build(
      probeScript(
        [
          `http://${site.origin}/fonts.css`,
          'http://10.0.0.1/',
          'http://169.254.169.254/latest/meta-data/',
          `http://${host.origin}/secret`,
          `http://${site.origin}/to-loopback`,
        ],
        [site.origin, '10.0.0.3:443'],
      ),
    );
    expect(state.status).toBe('error');
    const log = state.error?.content ?? '';
    // The stylesheet the first build fetched is still fresh: from the cache, named as such.
    expect(log).toMatch(
      new RegExp(`\\[kiln\\] fetched GET http://${site.origin}/fonts\\.css → 200, \\d+ B, from Kiln's cache`),
    );
    expect(log).toContain('[kiln] refused GET http://10.0.0.1/: 10.0.0.1 is a private address');
    expect(log).toContain(
      '[kiln] refused GET http://169.254.169.254/latest/meta-data/: 169.254.169.254 is a cloud metadata address',
    );
    expect(log).toContain('[kiln] refused GET https://10.0.0.2/: 10.0.0.2 is a private address');
    // The redirect is a new request, checked as such: the host's loopback is refused.
    expect(log).toContain(
      `[kiln] refused GET http://${site.origin}/to-loopback: 127.0.0.1 is a loopback address`,
    );
    expect(log).toContain('probe http://10.0.0.1/ failed ERR_KILN_EGRESS_REFUSED');
    expect(log).toContain('probe https://10.0.0.2/ failed ERR_KILN_EGRESS_REFUSED');
    // 127.0.0.1 not opened by the test setting is the sandbox's own loopback: the host's is never reached.
    expect(log).toContain(`probe http://${host.origin}/secret failed ECONNREFUSED`);
    expect(host.hits).toEqual([]);
    // Raw TCP (a client of its own) goes through the bridge: the same rule, named in the log.
    expect(log).toContain(`[kiln] connected to ${site.origin} directly (checked, not cached)`);
    expect(log).toContain(`probe tcp ${site.origin} HTTP/1.1 200 OK`);
    expect(log).toContain(
      '[kiln] outgoing connection to 10.0.0.3:443 refused: 10.0.0.3 is a private address',
    );
    expect(log).toContain('probe tcp 10.0.0.3:443 closed');
    expect(log).toContain('probe kept /run/kiln-egress/preload.mjs EROFS');
    expect(log).toContain('probe kept /run/kiln-egress/http.sock EROFS');
  }, 240_000);

  it('a rebuild with the site gone is answered from the cache', async () => {
    await site.close();
    const { chatId, version, state } = await build(fetchScript(site.origin, 2));
    expect(state).toEqual({ status: 'ready' });
    const html = await page(chatId, version);
    expect(html).toContain("font-family: 'Kiln Test'");
    expect(html).toContain('<p>fetched with http.get</p>');
  }, 240_000);

  it('with KILN_BUILD_EGRESS=off nothing is fetched', async () => {
    const offline = await createPreviewKiln({
      KILN_BUILD_EGRESS: 'off',
      KILN_BUILD_EGRESS_ALLOW_ORIGINS: host.origin,
    });
    try {
      offline.services.preview.start();
      const owner = await createUser(offline);
      const { state } = await build(probeScript([`http://${host.origin}/fonts.css`]), offline, owner);
      expect(state.status).toBe('error');
      expect(state.error?.content).toContain(`probe http://${host.origin}/fonts.css failed ECONNREFUSED`);
      expect(state.error?.content).not.toContain('[kiln]');
      expect(host.hits).toEqual([]);
    } finally {
      await offline.close();
    }
  }, 240_000);
});
