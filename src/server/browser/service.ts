import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { chromiumProxyArgs } from '../net/egress-proxy.ts';
import { applyPageLimits, type LocalFetch, type PageLimits, type PageUsage } from './page-limits.ts';
import { Semaphore } from './semaphore.ts';

/** Debian's Chromium, headless, with none of the background connections a closed network refuses. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BrowserServiceOptions {
  chromiumPath: string;
  /** Pages (each in its own context) open at once; others wait. */
  maxPages: number;
  /**
   * Kiln's egress proxy (issue 19 item 5): every connection Chromium makes, and every request
   * the page limits fetch for it, goes through it. A function starts it with the browser.
   */
  proxyUrl?: string | (() => Promise<string>);
  log?: (message: string) => void;
  /**
   * Chromium is closed this long after its last page (default 60 s): an idle server does not
   * hold a browser's memory; the next page launches it again (about a second).
   */
  idleCloseMs?: number;
}

export interface PageOptions {
  timeoutMs?: number;
  viewport?: { width: number; height: number };
  maxRequests?: number;
  maxResponseBytes?: number;
  /** Answers some requests without the network (Kiln's own preview hosts). */
  local?: LocalFetch;
  /**
   * Set-up before `fn`, outside its deadline: Playwright calls that hand back a disposable
   * (exposeBinding, addInitScript) must not race the page's closing — Playwright 1.65 then
   * throws an uncaught 'Cannot find parent object' that would end the process.
   */
  prepare?: (page: Page) => Promise<void>;
}

export interface PageSession {
  page: Page;
  /** Requests and bytes so far, and what the limits refused. */
  usage: PageUsage;
}

export interface BrowserService {
  /** Whether Chromium is there to launch (false: features say so and degrade). */
  available(): Promise<boolean>;
  /** Runs `fn` with a fresh page in a fresh context, closed afterwards whatever happens. */
  withPage<T>(fn: (session: PageSession) => Promise<T>, options?: PageOptions): Promise<T>;
  /** Whether Chromium is launched (or launching) now. */
  isRunning(): boolean;
  /** Takes no new pages, lets the open ones finish (each is bounded), then ends Chromium. */
  close(): Promise<void>;
}

/** The longest `close` waits for open pages before ending Chromium under them. */
const CLOSE_WAIT_MS = 30_000;

export class BrowserUnavailableError extends Error {
  constructor(chromiumPath: string) {
    super(`Chromium is not available at ${chromiumPath} (set KILN_CHROMIUM_PATH)`);
  }
}

export const PAGE_DEFAULTS = {
  timeoutMs: 15_000,
  viewport: { width: 1280, height: 800 },
  maxRequests: 200,
  maxResponseBytes: 25 * 1024 * 1024,
} as const;

/**
 * One Chromium for the whole process, launched on first use and reused; launched again on the
 * next use if it died. Each page gets its own context (no shared cookies or storage), and at
 * most `maxPages` exist at once.
 */
export function createBrowserService(options: BrowserServiceOptions): BrowserService {
  const log = options.log ?? ((message: string) => console.log(message));
  const pages = new Semaphore(options.maxPages);
  let launching: Promise<Browser> | null = null;
  let isClosed = false;
  let availability: boolean | undefined;
  /** The pages in use: closing Chromium under them is the race `prepare` describes. */
  const open = new Set<Promise<unknown>>();
  const idleCloseMs = options.idleCloseMs ?? 60_000;
  let idleTimer: NodeJS.Timeout | undefined;
  /** The browser being closed for idleness: its exit is no news worth a log line. */
  let closedForIdle: Promise<Browser> | null = null;

  function closeWhenIdle(): void {
    if (open.size > 0 || isClosed || !launching) return;
    const current = launching;
    launching = null;
    closedForIdle = current;
    void current.then((browser) => browser.close()).catch(() => undefined);
  }

  async function proxyUrl(): Promise<string | undefined> {
    return typeof options.proxyUrl === 'function' ? options.proxyUrl() : options.proxyUrl;
  }

  function launch(): Promise<Browser> {
    const started = proxyUrl()
      .then(async (proxy) => {
        // Loaded with the first launch: an idle server does not hold Playwright (decision 0052).
        const { chromium } = await import('playwright-core');
        return chromium.launch({
          executablePath: options.chromiumPath,
          headless: true,
          args: [...CHROMIUM_FLAGS, ...(proxy ? chromiumProxyArgs(proxy) : [])],
          // Playwright's own fetches for a page (route.fetch in page-limits.ts) take this proxy too.
          proxy: proxy ? { server: proxy } : undefined,
        });
      })
      .then((browser) => {
        browser.on('disconnected', () => {
          // Crashed or killed: the next use launches a new one.
          if (launching === started) launching = null;
          if (!isClosed && closedForIdle !== started) {
            log('browser: Chromium exited; it is launched again on next use');
          }
        });
        return browser;
      });
    started.catch((error: unknown) => {
      // Tried again on the next use; say why, since every feature that needs it fails meanwhile.
      if (launching === started) launching = null;
      log(
        `browser: Chromium at ${options.chromiumPath} failed to start: ${(error as Error).message.split('\n')[0]}`,
      );
    });
    return started;
  }

  async function browser(): Promise<Browser> {
    if (isClosed) throw new Error('The browser service is closed');
    if (!(await service.available())) throw new BrowserUnavailableError(options.chromiumPath);
    launching ??= launch();
    const current = await launching;
    if (current.isConnected()) return current;
    if (launching) launching = null;
    launching = launch();
    return launching;
  }

  const service: BrowserService = {
    async available() {
      if (availability === undefined) {
        availability = isExecutable(options.chromiumPath);
        if (!availability) {
          log(
            `browser: no Chromium at ${options.chromiumPath} (KILN_CHROMIUM_PATH) — ` +
              'version screenshots are off and website analysis falls back to a plain fetch',
          );
        }
      }
      return availability;
    },

    withPage(fn, pageOptions = {}) {
      const run = pages.run(async () => {
        const limits: PageLimits = {
          maxRequests: pageOptions.maxRequests ?? PAGE_DEFAULTS.maxRequests,
          maxResponseBytes: pageOptions.maxResponseBytes ?? PAGE_DEFAULTS.maxResponseBytes,
        };
        const timeoutMs = pageOptions.timeoutMs ?? PAGE_DEFAULTS.timeoutMs;
        const context = await (
          await browser()
        ).newContext({
          viewport: pageOptions.viewport ?? PAGE_DEFAULTS.viewport,
          serviceWorkers: 'block',
          acceptDownloads: false,
        });
        try {
          context.setDefaultTimeout(timeoutMs);
          context.setDefaultNavigationTimeout(timeoutMs);
          const page = await context.newPage();
          const usage = await applyPageLimits(page, limits, pageOptions.local);
          await pageOptions.prepare?.(page);
          return await withDeadline(fn({ page, usage }), timeoutMs);
        } finally {
          await context.close().catch(() => undefined);
        }
      });
      clearTimeout(idleTimer);
      open.add(run);
      void run
        .catch(() => undefined)
        .finally(() => {
          open.delete(run);
          if (open.size === 0) {
            clearTimeout(idleTimer);
            idleTimer = setTimeout(closeWhenIdle, idleCloseMs);
            idleTimer.unref();
          }
        });
      return run;
    },

    isRunning() {
      return launching !== null;
    },

    async close() {
      isClosed = true;
      clearTimeout(idleTimer);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...open]),
        new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS))),
      ]);
      clearTimeout(timer);
      const current = launching;
      launching = null;
      if (current) await (await current.catch(() => null))?.close().catch(() => undefined);
    },
  };
  return service;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The whole use of a page is bounded, not only each navigation. */
async function withDeadline<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Page work took longer than ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
