import http from 'node:http';
import net from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumProxyArgs,
  EGRESS_CHROMIUM_ARGS,
  startEgressProxy,
  type EgressProxy,
} from '../../src/server/net/egress-proxy.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { resolveThrough } from '../support/dns-resolve.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { startLoopbackSite, type LoopbackSite } from '../support/loopback-site.ts';

/**
 * Issue 19 item 5: Chromium resolves names itself, so its traffic goes through Kiln's egress
 * proxy, which applies the SSRF guard to each connection. A real loopback site, a real DNS
 * server and the real Chromium: with the guard on, neither a page nor a sub-resource on
 * 127.0.0.1 is loaded (the site never sees the request); with the allow switch, it is.
 */
let site: LoopbackSite;
let dns: TestDnsServer;
let resolve: (host: string) => Promise<string[]>;

beforeAll(async () => {
  site = await startLoopbackSite();
  dns = await startDnsServer({ 'site.test': { A: ['127.0.0.1'] }, 'rebind.test': { A: ['127.0.0.1'] } });
  resolve = resolveThrough(dns);
});

afterAll(async () => {
  await site.close();
  await dns.close();
});

/** One request through the proxy in absolute form, as a browser sends plain http. */
function getThrough(proxy: EgressProxy, url: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolvePromise, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: url,
      headers: { host: new URL(url).host },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolvePromise({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

/** A CONNECT tunnel to `authority`, then a plain GET of `path` inside it; the proxy's status line and the reply. */
function tunnelThrough(
  proxy: EgressProxy,
  authority: string,
  path: string,
): Promise<{ status: string; reply: string }> {
  const { port } = new URL(proxy.url);
  return new Promise((resolvePromise, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
    let received = '';
    let tunnelled = false;
    socket.on('connect', () => socket.write(`CONNECT ${authority} HTTP/1.1\r\nhost: ${authority}\r\n\r\n`));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString();
      if (!tunnelled && received.includes('\r\n\r\n') && received.startsWith('HTTP/1.1 200')) {
        tunnelled = true;
        socket.write(`GET ${path} HTTP/1.1\r\nhost: ${authority}\r\nconnection: close\r\n\r\n`);
      }
    });
    socket.on('end', () => resolvePromise({ status: received.split('\r\n')[0]!, reply: received }));
    socket.on('error', reject);
  });
}

describe('the egress proxy, spoken to directly', () => {
  let proxy: EgressProxy;
  const refused: string[] = [];
  beforeAll(async () => {
    proxy = await startEgressProxy({
      allowPrivate: false,
      allowPorts: [site.port],
      allowOrigins: [`site.test:${site.port}`],
      resolve,
      onRefused: (target) => refused.push(target),
    });
  });
  afterAll(() => proxy.close());

  it('answers 403 to plain http and CONNECT towards a loopback address or a name resolving to one', async () => {
    expect(await getThrough(proxy, `http://127.0.0.1:${site.port}/secret`)).toMatchObject({ status: 403 });
    expect(await getThrough(proxy, `http://rebind.test:${site.port}/secret`)).toMatchObject({
      status: 403,
      body: expect.stringContaining('rebind.test (127.0.0.1) is a loopback address'),
    });
    expect(await getThrough(proxy, `http://169.254.169.254/latest/meta-data/`)).toMatchObject({
      status: 403,
    });
    expect((await tunnelThrough(proxy, `127.0.0.1:${site.port}`, '/secret')).status).toBe(
      'HTTP/1.1 403 Forbidden',
    );
    expect((await tunnelThrough(proxy, `rebind.test:${site.port}`, '/secret')).status).toBe(
      'HTTP/1.1 403 Forbidden',
    );
    expect((await tunnelThrough(proxy, `[::1]:${site.port}`, '/secret')).status).toBe(
      'HTTP/1.1 403 Forbidden',
    );
    expect((await tunnelThrough(proxy, `2130706433:${site.port}`, '/secret')).status).toBe(
      'HTTP/1.1 403 Forbidden',
    );
    expect(site.received('/secret')).toBe(false);
    expect(refused).toContain(`http://127.0.0.1:${site.port}/secret`);
    expect(refused).toContain(`rebind.test:${site.port}`);
  });

  it('relays an allowed origin, connecting to the address it checked', async () => {
    const page = await getThrough(proxy, `http://site.test:${site.port}/about`);
    expect(page).toMatchObject({ status: 200, body: expect.stringContaining('About the bakery') });
    const tunnelled = await tunnelThrough(proxy, `site.test:${site.port}`, '/style.css');
    expect(tunnelled.status).toBe('HTTP/1.1 200 Connection Established');
    expect(tunnelled.reply).toContain('font-family: Georgia');
    expect(site.requests).toContain(`GET site.test:${site.port}/about`);
  });
});

describe('Chromium through the egress proxy', () => {
  async function launchThrough(proxy: EgressProxy): Promise<Browser> {
    return chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...chromiumProxyArgs(proxy.url)],
    });
  }

  describe('with the guard on', () => {
    let proxy: EgressProxy;
    let browser: Browser;
    const refused: string[] = [];
    beforeAll(async () => {
      proxy = await startEgressProxy({
        allowPrivate: false,
        allowPorts: [site.port],
        allowOrigins: [`site.test:${site.port}`],
        resolve,
        onRefused: (target) => refused.push(target),
      });
      browser = await launchThrough(proxy);
    });
    afterAll(async () => {
      await browser.close();
      await proxy.close();
    });

    it('cannot load a page on 127.0.0.1: directly, by a name resolving to it, by a redirect, over https', async () => {
      const context = await browser.newContext();
      const redirect = `http://site.test:${site.port}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${site.port}/secret`)}`;
      for (const url of [
        `http://127.0.0.1:${site.port}/secret`,
        `http://rebind.test:${site.port}/secret`,
        redirect,
      ]) {
        const page = await context.newPage();
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(403);
        expect(await page.locator('h1').count()).toBe(0);
      }
      const page = await context.newPage();
      await expect(page.goto(`https://127.0.0.1:${site.port}/secret`)).rejects.toThrow(
        /ERR_TUNNEL_CONNECTION_FAILED/,
      );
      expect(site.received('/redirect')).toBe(true);
      expect(site.received('/secret')).toBe(false);
      expect(refused).toEqual(
        expect.arrayContaining([
          `http://127.0.0.1:${site.port}/secret`,
          `http://rebind.test:${site.port}/secret`,
          `127.0.0.1:${site.port}`,
        ]),
      );
      await context.close();
    });

    it('loads an allowed page but not its sub-resources on 127.0.0.1', async () => {
      const page = await browser.newPage();
      const secret = `http://127.0.0.1:${site.port}/secret.png`;
      await page.goto(`http://site.test:${site.port}/embed?src=${encodeURIComponent(secret)}`);
      expect(await page.locator('h1').textContent()).toBe('Embed');
      // Wait until the image and the script's fetch have both settled, then ask the site.
      await page.waitForFunction(() => {
        const image = document.getElementById('embedded') as HTMLImageElement | null;
        return image?.complete === true && document.title !== 'Embed';
      });
      expect(
        await page.evaluate(() => (document.getElementById('embedded') as HTMLImageElement).naturalWidth),
      ).toBe(0);
      expect(site.received('/embed')).toBe(true);
      expect(site.received('/secret.png')).toBe(false);
      expect(refused).toContain(secret);
      await page.close();
    });
  });

  it("guards Playwright's own proxy option, route.fetch() included (how the browser service launches)", async () => {
    const refused: string[] = [];
    const proxy = await startEgressProxy({
      allowPrivate: false,
      allowPorts: [site.port],
      allowOrigins: [`site.test:${site.port}`],
      resolve,
      onRefused: (target) => refused.push(target),
    });
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, ...EGRESS_CHROMIUM_ARGS],
      proxy: { server: proxy.url },
    });
    try {
      const page = await browser.newPage();
      // Every request fetched from Node by Playwright (its fetcher tunnels through the proxy).
      await page.route('**/*', async (route) => {
        try {
          await route.fulfill({ response: await route.fetch({ maxRedirects: 0 }) });
        } catch {
          await route.abort('blockedbyclient');
        }
      });
      const secret = `http://127.0.0.1:${site.port}/secret.png`;
      await page.goto(`http://site.test:${site.port}/embed?src=${encodeURIComponent(secret)}`);
      expect(await page.locator('h1').textContent()).toBe('Embed');
      await page.waitForFunction(() => {
        const image = document.getElementById('embedded') as HTMLImageElement | null;
        return image?.complete === true && document.title !== 'Embed';
      });
      expect(site.received('/secret.png')).toBe(false);
      expect(refused).toContain(`127.0.0.1:${site.port}`);
    } finally {
      await browser.close();
      await proxy.close();
    }
  });

  describe('with the allow switch on', () => {
    let proxy: EgressProxy;
    let browser: Browser;
    beforeAll(async () => {
      proxy = await startEgressProxy({ allowPrivate: true, resolve });
      browser = await launchThrough(proxy);
    });
    afterAll(async () => {
      await browser.close();
      await proxy.close();
    });

    it('loads the loopback site and its sub-resources', async () => {
      const page = await browser.newPage();
      const image = `http://127.0.0.1:${site.port}/secret.png`;
      await page.goto(`http://site.test:${site.port}/embed?src=${encodeURIComponent(image)}`);
      await page.waitForFunction(
        () => (document.getElementById('embedded') as HTMLImageElement | null)?.complete === true,
      );
      expect(
        await page.evaluate(() => (document.getElementById('embedded') as HTMLImageElement).naturalWidth),
      ).toBe(1);
      expect(site.requests).toContain(`GET 127.0.0.1:${site.port}/secret.png`);
      await page.goto(`${site.origin}/`);
      expect(await page.locator('h1').textContent()).toBe('Loopback Bakery');
      await page.close();
    });
  });
});
