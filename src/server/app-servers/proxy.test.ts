import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appAgent, hostOnlyCookie, proxyToApp } from './proxy.ts';

describe('hostOnlyCookie', () => {
  it('drops Domain, so an app cannot set cookies for other previews or Kiln’s parent domain', () => {
    expect(hostOnlyCookie('sid=1; Domain=preview.kiln.example; Path=/; HttpOnly')).toBe(
      'sid=1; Path=/; HttpOnly',
    );
    expect(hostOnlyCookie('sid=1;domain=.kiln.example')).toBe('sid=1');
    expect(hostOnlyCookie('a=b; Secure')).toBe('a=b; Secure');
  });
});

describe('proxyToApp over a Unix socket', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-proxy-'));
  const socketPath = path.join(dir, 'app.sock');
  let seen: http.IncomingHttpHeaders = {};
  const server = http.createServer((request, response) => {
    seen = request.headers;
    if (request.url === '/trickle') {
      // One byte every 50 ms, never the end: the gap between chunks never trips timeoutMs.
      const timer = setInterval(() => response.write('.'), 50);
      response.on('close', () => clearInterval(timer));
      return;
    }
    if (request.url === '/big') {
      response.write(Buffer.alloc(64 * 1024, 97));
      response.end(Buffer.alloc(64 * 1024, 97));
      return;
    }
    response.setHeader('set-cookie', ['sid=1; Domain=localhost; Path=/', 'theme=dark']);
    response.setHeader('connection', 'keep-alive');
    response.end('ok');
  });
  beforeAll(() => new Promise<void>((resolve) => server.listen(socketPath, resolve)));
  afterAll(() => {
    server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('hides Kiln’s preview-token cookie and hop-by-hop headers, adds X-Forwarded-*, keeps cookies host-only', async () => {
    const outcome = await proxyToApp(
      appAgent(socketPath),
      new Request('http://abc-1.preview.localhost/page?x=1', {
        headers: {
          host: 'abc-1.preview.localhost',
          cookie: 'kiln_preview_token=secret-token; theme=light',
          'proxy-authorization': 'Basic x',
        },
      }),
      {
        timeoutMs: 5000,
        maxResponseBytes: 1024 * 1024,
        hiddenCookies: ['kiln_preview_token'],
        clientAddress: '203.0.113.9',
      },
    );
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(await outcome.response.text()).toBe('ok');
    expect(seen.cookie).toBe('theme=light');
    expect(seen['proxy-authorization']).toBeUndefined();
    expect(seen['x-forwarded-for']).toBe('203.0.113.9');
    expect(seen['x-forwarded-host']).toBe('abc-1.preview.localhost');
    expect(outcome.response.headers.getSetCookie()).toEqual(['sid=1; Path=/', 'theme=dark']);
    expect(outcome.response.headers.get('connection')).toBeNull();
  });

  it('cuts a response larger than the cap', async () => {
    const outcome = await proxyToApp(appAgent(socketPath), new Request('http://app/big'), {
      timeoutMs: 5000,
      maxResponseBytes: 100 * 1024,
      hiddenCookies: [],
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    await expect(outcome.response.arrayBuffer()).rejects.toThrow(/larger than/);
  });

  it('cuts a response that has not finished within responseTimeoutMs, notes why and ends the exchange', async () => {
    const cuts: string[] = [];
    let doneCalls = 0;
    const started = performance.now();
    const outcome = await proxyToApp(appAgent(socketPath), new Request('http://app/trickle'), {
      timeoutMs: 5000,
      responseTimeoutMs: 600,
      maxResponseBytes: 1024 * 1024,
      hiddenCookies: [],
      onCut: (reason) => cuts.push(reason),
      onDone: () => (doneCalls += 1),
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    await expect(outcome.response.text()).rejects.toThrow(/did not finish within 600 ms/);
    expect(performance.now() - started).toBeLessThan(4000);
    expect(cuts).toEqual([expect.stringContaining('not finished within 600 ms')]);
    expect(doneCalls).toBe(1);
  });

  it('ends the exchange at the deadline even when nobody reads the body', async () => {
    let doneCalls = 0;
    const outcome = await proxyToApp(appAgent(socketPath), new Request('http://app/trickle'), {
      timeoutMs: 5000,
      responseTimeoutMs: 300,
      maxResponseBytes: 1024 * 1024,
      hiddenCookies: [],
      onDone: () => (doneCalls += 1),
    });
    expect(outcome.ok).toBe(true);
    await expect.poll(() => doneCalls, { timeout: 3000 }).toBe(1);
  });
});
