import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEgressProxy } from '../net/egress-proxy.ts';
import { createBrowserService, type BrowserService } from './index.ts';
import { Semaphore } from './semaphore.ts';

const CHROMIUM = '/usr/bin/chromium';

/** A loopback site: a page with ten images, a page with a big script, a page that never ends. */
function startSite(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    if (path === '/many') {
      const images = Array.from({ length: 10 }, (_, i) => `<img src="/img/${i}.svg">`).join('');
      response.end(`<!doctype html><title>many</title>${images}`);
    } else if (path.startsWith('/img/')) {
      response.setHeader('content-type', 'image/svg+xml');
      response.end('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    } else if (path === '/big') {
      response.end('<!doctype html><title>big</title><script src="/big.js"></script>');
    } else if (path === '/big.js') {
      response.setHeader('content-type', 'text/javascript');
      response.end(`window.loaded = true; /* ${'x'.repeat(300_000)} */`);
    } else if (path === '/hang') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.write('<!doctype html><title>hang</title>');
    } else {
      response.end('<!doctype html><title>home</title><h1>Hello</h1>');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

/** Chromium main processes started by this test process (vitest runs each file in its own fork). */
function ownChromiumPids(): number[] {
  const out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, comm]) => comm?.startsWith('chrom'))
    .map(([pid]) => Number(pid));
}

describe('Semaphore', () => {
  it('lets at most its size run at once and the rest in turn', async () => {
    const semaphore = new Semaphore(2);
    let active = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const runs = Array.from({ length: 5 }, () =>
      semaphore.run(async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => gates.push(resolve));
        active -= 1;
      }),
    );
    for (let released = 0; released < 5; released += 1) {
      await expect.poll(() => gates.length).toBeGreaterThan(0);
      expect(active).toBeLessThanOrEqual(2);
      gates.shift()!();
    }
    await Promise.all(runs);
    expect(most).toBe(2);
  });
});

describe('browser service', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  let browser: BrowserService;
  const logs: string[] = [];

  beforeAll(async () => {
    site = await startSite();
    browser = createBrowserService({ chromiumPath: CHROMIUM, maxPages: 2, log: (line) => logs.push(line) });
  });
  afterAll(async () => {
    await browser.close();
    await site.close();
  });

  it('loads a page in a fresh context', async () => {
    expect(await browser.available()).toBe(true);
    const title = await browser.withPage(async ({ page }) => {
      await page.goto(`${site.url}/`);
      return page.title();
    });
    expect(title).toBe('home');
  });

  it('aborts requests beyond the request-count limit', async () => {
    const usage = await browser.withPage(
      async ({ page, usage }) => {
        await page.goto(`${site.url}/many`);
        return usage;
      },
      { maxRequests: 4 },
    );
    // The page and three more requests got through; every one after them was refused.
    expect(usage.refused).toHaveLength(usage.requests - 4);
    expect(usage.refused.filter((url) => url.includes('/img/')).length).toBeGreaterThanOrEqual(6);
  });

  it('aborts a response beyond the byte limit', async () => {
    const loaded = await browser.withPage(
      async ({ page }) => {
        await page.goto(`${site.url}/big`);
        return page.evaluate(() => (window as { loaded?: boolean }).loaded === true);
      },
      { maxResponseBytes: 100_000 },
    );
    expect(loaded).toBe(false);
    const whole = await browser.withPage(async ({ page }) => {
      await page.goto(`${site.url}/big`);
      return page.evaluate(() => (window as { loaded?: boolean }).loaded === true);
    });
    expect(whole).toBe(true);
  });

  it('gives up on a page past its time limit', async () => {
    await expect(
      browser.withPage(
        async ({ page }) => {
          await page.goto(`${site.url}/hang`, { waitUntil: 'load' });
        },
        { timeoutMs: 1000 },
      ),
    ).rejects.toThrow(/Timeout|longer than/);
    // The pool slot was given back: the next page still opens.
    expect(await browser.withPage(async ({ page }) => (await page.goto(`${site.url}/`))?.status())).toBe(200);
  });

  it('launches Chromium again when it died', async () => {
    await browser.withPage(async ({ page }) => page.goto(`${site.url}/`));
    const pids = ownChromiumPids();
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    await expect.poll(() => logs.some((line) => line.includes('launched again'))).toBe(true);
    const title = await browser.withPage(async ({ page }) => {
      await page.goto(`${site.url}/`);
      return page.title();
    });
    expect(title).toBe('home');
    expect(ownChromiumPids().some((pid) => !pids.includes(pid))).toBe(true);
  });
});

describe('an idle browser service', () => {
  it('closes Chromium after its last page, and launches it again for the next one', async () => {
    const site = await startSite();
    const browser = createBrowserService({ chromiumPath: CHROMIUM, maxPages: 1, idleCloseMs: 100 });
    const title = () =>
      browser.withPage(async ({ page }) => {
        await page.goto(`${site.url}/`);
        return page.title();
      });
    try {
      const first = await title();
      while (browser.isRunning()) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await title()).toBe(first);
      expect(browser.isRunning()).toBe(true);
    } finally {
      await browser.close();
      await site.close();
    }
  });
});

describe('closing the browser service', () => {
  it('lets a page being prepared finish before it ends Chromium (Playwright would throw uncaught)', async () => {
    const site = await startSite();
    const browser = createBrowserService({ chromiumPath: CHROMIUM, maxPages: 1 });
    let closing: Promise<void> | undefined;
    try {
      const title = await browser.withPage(
        async ({ page }) => {
          await page.goto(`${site.url}/`);
          return page.evaluate(() => (window as unknown as { __prepared?: string }).__prepared);
        },
        {
          // The server shuts down while a screenshot sets up its runtime check.
          prepare: async (page) => {
            closing = browser.close();
            await page.exposeBinding('__kilnTestBinding', () => undefined);
            await page.addInitScript('window.__prepared = "yes"');
          },
        },
      );
      expect(title).toBe('yes');
      await closing;
      await expect(browser.withPage(async () => 1)).rejects.toThrow(/closed/);
    } finally {
      await browser.close();
      await site.close();
    }
  });
});

describe('browser service behind the egress proxy', () => {
  it("sends the page's requests through it: refused there, allowed for an allowed origin", async () => {
    const site = await startSite();
    const refused: string[] = [];
    const guard = await startEgressProxy({
      allowPrivate: false,
      onRefused: (target) => refused.push(target),
    });
    const host = new URL(site.url).host;
    const open = await startEgressProxy({ allowPrivate: false, allowOrigins: [host] });
    const status = async (proxyUrl: string) => {
      const browser = createBrowserService({
        chromiumPath: CHROMIUM,
        maxPages: 1,
        proxyUrl: async () => proxyUrl,
      });
      try {
        return await browser.withPage(async ({ page }) => (await page.goto(`${site.url}/`))?.status() ?? 0);
      } finally {
        await browser.close();
      }
    };
    try {
      // A loopback site: the guard answers 403 rather than the site's page.
      expect(await status(guard.url)).toBe(403);
      expect(refused.some((target) => target.includes(host))).toBe(true);
      expect(await status(open.url)).toBe(200);
    } finally {
      await guard.close();
      await open.close();
      await site.close();
    }
  });
});

describe('browser service without Chromium', () => {
  it('a Chromium that cannot start: pages fail with the reason, logged, and it is tried again', async () => {
    const logs: string[] = [];
    // Executable, but not a browser.
    const browser = createBrowserService({
      chromiumPath: '/bin/false',
      maxPages: 1,
      log: (line) => logs.push(line),
    });
    expect(await browser.available()).toBe(true);
    await expect(browser.withPage(async () => 1, { timeoutMs: 5000 })).rejects.toThrow();
    await expect(browser.withPage(async () => 1, { timeoutMs: 5000 })).rejects.toThrow();
    expect(logs.filter((line) => line.includes('/bin/false failed to start'))).toHaveLength(2);
    await browser.close();
  });

  it('is not available, says so once, and refuses pages', async () => {
    const logs: string[] = [];
    const browser = createBrowserService({
      chromiumPath: '/nonexistent/chromium',
      maxPages: 1,
      log: (line) => logs.push(line),
    });
    expect(await browser.available()).toBe(false);
    expect(await browser.available()).toBe(false);
    expect(logs).toEqual([expect.stringContaining('no Chromium at /nonexistent/chromium')]);
    await expect(browser.withPage(async () => 1)).rejects.toThrow(/not available/);
    await browser.close();
  });
});
