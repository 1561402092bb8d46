import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEgressGuard, type EgressGuard } from './egress-guard.ts';
import { ResponseCache } from './response-cache.ts';

/**
 * Issue 37 item 2: the build egress guard over its Unix socket, against a loopback site opened by
 * `allowOrigins` (as a test's "public" host): what it fetches, keeps, answers from its cache and
 * refuses, and the line it writes for each. The sandboxed path is tests/integration/build-egress.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-egress-guard-'));
let site: http.Server;
let origin = '';
const hits: string[] = [];
let guard: EgressGuard;
const lines: string[] = [];
const socket = path.join(root, 'http.sock');

beforeAll(async () => {
  site = http.createServer((request, response) => {
    hits.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`.trim());
    if (request.url === '/font.css')
      return response.writeHead(200, { 'cache-control': 'max-age=600' }).end('@font-face{}');
    if (request.url === '/plain') return response.writeHead(200).end('plain');
    if (request.url === '/secret')
      return response.writeHead(200, { 'cache-control': 'no-store' }).end('not kept');
    if (request.url === '/to-private')
      return response.writeHead(302, { location: 'http://10.0.0.1/x' }).end();
    if (request.url === '/echo') return request.pipe(response.writeHead(200));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  guard = await startEgressGuard(socket, {
    policy: { allowPrivate: false, allowOrigins: [origin], ports: [80, 443] },
    cache: new ResponseCache(path.join(root, 'cache'), 1024 * 1024),
    note: (line) => lines.push(line),
  });
});

afterAll(async () => {
  await guard?.close();
  site?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A request as the sandbox's preload sends it: absolute form, over the socket. */
function ask(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; verdict: string; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: socket, path: url, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            verdict: String(response.headers['x-kiln-egress']),
            body,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const lastLine = () => lines.at(-1) ?? '';

describe('the build egress guard', () => {
  it('fetches a plain GET once; the next build gets it from the cache, and the log says which', async () => {
    const first = await ask(`http://${origin}/font.css`);
    expect(first).toEqual({ status: 200, verdict: 'network', body: '@font-face{}' });
    expect(lastLine()).toBe(`[kiln] fetched GET http://${origin}/font.css → 200, 12 B, from the network`);
    const again = await ask(`http://${origin}/font.css`, { headers: { 'user-agent': 'node' } });
    expect(again).toEqual({ status: 200, verdict: 'cache', body: '@font-face{}' });
    expect(lastLine()).toMatch(/font\.css → 200, 12 B, from Kiln's cache$/);
    expect(hits.filter((hit) => hit === 'GET /font.css')).toHaveLength(1);
  });

  it('never answers a request with credentials from the cache, nor keeps a no-store answer', async () => {
    await ask(`http://${origin}/font.css`, { headers: { authorization: 'Bearer one' } });
    expect(hits).toContain('GET /font.css Bearer one');
    await ask(`http://${origin}/secret`);
    await ask(`http://${origin}/secret`);
    expect(hits.filter((hit) => hit === 'GET /secret')).toHaveLength(2);
  });

  it('forwards a POST and its body, uncached', async () => {
    const answer = await ask(`http://${origin}/echo`, { method: 'POST', body: 'query { posts }' });
    expect(answer).toMatchObject({ status: 200, verdict: 'network', body: 'query { posts }' });
  });

  it('refuses private and metadata addresses, other ports and a redirect into a private address', async () => {
    for (const [url, reason] of [
      ['http://10.0.0.1/', /10\.0\.0\.1 is a private address/],
      ['http://169.254.169.254/latest/meta-data/', /cloud metadata address/],
      ['https://localhost/', /loopback address/],
      ['http://93.184.215.14:8080/', /Port 8080 cannot be fetched/],
      [`http://${origin}/to-private`, /10\.0\.0\.1 is a private address/],
    ] as const) {
      const answer = await ask(url);
      expect(answer.status, url).toBe(403);
      expect(answer.verdict, url).toBe('refused');
      expect(lastLine(), url).toMatch(/^\[kiln\] refused GET /);
      expect(lastLine(), url).toMatch(reason);
    }
  });

  it('answers from the cache when the network does not answer', async () => {
    // No freshness: kept, but the next request asks the network first.
    expect((await ask(`http://${origin}/plain`)).verdict).toBe('network');
    await new Promise<void>((resolve) => {
      site.close(() => resolve());
      site.closeAllConnections();
    });
    expect(await ask(`http://${origin}/plain`)).toEqual({ status: 200, verdict: 'cache', body: 'plain' });
    expect(lastLine()).toMatch(
      /plain → 200, 5 B, from Kiln's cache, the network did not answer: .*ECONNREFUSED/,
    );
    const gone = await ask(`http://${origin}/never-fetched`);
    expect(gone.status).toBe(502);
    expect(gone.verdict).toBe('failed');
    expect(lastLine()).toMatch(/^\[kiln\] could not fetch GET .*never-fetched: .*ECONNREFUSED/);
  });
});

describe("the shared cache's bound", () => {
  it('drops the least recently used answers past its size', async () => {
    const cache = new ResponseCache(path.join(root, 'bounded'), 4000);
    const answer = (text: string) => ({
      url: 'https://a.example/',
      status: 200,
      headers: [] as [string, string][],
      body: Buffer.from(text.repeat(900)),
      storedAt: 0,
      freshUntil: 0,
    });
    await cache.put('GET https://a.example/1', answer('a'));
    await cache.put('GET https://a.example/2', answer('b'));
    expect(await cache.get('GET https://a.example/1')).not.toBeNull();
    // Over 4000 bytes with a fourth: the least recently used (2, since 1 was read) goes.
    await cache.put('GET https://a.example/3', answer('c'));
    await cache.put('GET https://a.example/4', answer('d'));
    expect(await cache.get('GET https://a.example/2')).toBeNull();
    expect((await cache.get('GET https://a.example/4'))?.body.toString()).toBe('d'.repeat(900));
    // Larger than a quarter of the cache: never kept.
    await cache.put('GET https://a.example/big', answer('e'.repeat(2)));
    expect(await cache.get('GET https://a.example/big')).toBeNull();
    // Read again from the folder (another process, a restart): the same answers.
    const reopened = new ResponseCache(path.join(root, 'bounded'), 4000);
    expect((await reopened.get('GET https://a.example/4'))?.body.toString()).toBe('d'.repeat(900));
  });
});
