import { WAIT_FOR_APP_SERVER } from '../app-servers/app-response.ts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import type { BrowserService, LocalFetch } from '../browser/index.ts';
import type { Database } from '../db/client.ts';
import { messages } from '../db/schema/index.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { watchRuntimeErrors, type MapFrames, type RuntimeCheck } from './runtime-check.ts';

/**
 * After a version's preview is built, the server's browser loads it once: the screenshot (the
 * card and chat image) and the runtime check (what a person opening it would hit) are stored on
 * the message together.
 */

/** The card and chat image of a version: the first screen at a desktop width, as a JPEG. */
export const SCREENSHOT_VIEWPORT = { width: 1280, height: 800 } as const;
const JPEG_QUALITY = 70;
/** Time to load and settle a built preview (it is served from the process itself). */
const PAGE_TIMEOUT_MS = 20_000;
/** How long to wait for `load` (every image and stylesheet) before taking it anyway. */
const LOAD_WAIT_MS = 8_000;

export interface ScreenshotTarget {
  chatId: string;
  version: number;
  messageId: string;
}

export interface PreviewAddress {
  url: string;
  cookie?: string;
}

export interface VersionScreenshotDeps {
  db: Database;
  blobs: BlobStore;
  browser: BrowserService;
  /** Where the version is seen, with what opens a private one (the preview host's token cookie). */
  previewOf(target: ScreenshotTarget): PreviewAddress | Promise<PreviewAddress>;
  /** Answers the preview's requests in-process (the HTTP app), so no port or DNS is needed. */
  local: LocalFetch;
  /** Maps a runtime error's stack with the version's build source maps. */
  mapFrames(target: ScreenshotTarget): MapFrames;
  /** The version's screenshot and runtime check are stored (open editors refresh it). */
  onChecked?(target: ScreenshotTarget): void;
  log?: (message: string) => void;
}

export interface VersionScreenshots {
  /** Takes the version's screenshot in the background, once (skipped quietly without a browser). */
  request(target: ScreenshotTarget): void;
  /** Takes it now; false when skipped (no browser, already taken, or the page failed). */
  capture(target: ScreenshotTarget): Promise<boolean>;
  /** Settles once the screenshots under way are done (tests). */
  idle(): Promise<void>;
  /** Takes no more; those under way end (the browser closing cuts them short) without a word. */
  close(): void;
}

export const screenshotKey = (chatId: string, messageId: string) => `screenshots/${chatId}/${messageId}.jpg`;
/** What `messages.screenshot` holds: the route that serves it to those who may view the chat. */
export const screenshotUrl = (chatId: string, messageId: string) =>
  `/api/screenshots/${chatId}/${messageId}.jpg`;

export function createVersionScreenshots(deps: VersionScreenshotDeps): VersionScreenshots {
  const log = deps.log ?? ((message: string) => console.log(message));
  const running = new Map<string, Promise<boolean>>();
  let isClosed = false;

  async function alreadyTaken(messageId: string): Promise<boolean> {
    const [row] = await deps.db
      .select({ screenshot: messages.screenshot })
      .from(messages)
      .where(eq(messages.id, messageId))
      .limit(1);
    return !row || row.screenshot !== null;
  }

  async function take(target: ScreenshotTarget): Promise<boolean> {
    if (isClosed || !(await deps.browser.available())) return false;
    if (await alreadyTaken(target.messageId)) return false;
    const { url } = await deps.previewOf(target);
    const local: LocalFetch = async (request) => {
      if (new URL(request.url).origin !== new URL(url).origin) return deps.local(request);
      const headers = new Headers(request.headers);
      // A cold app server is waited for, not shown as its 'Starting' page (decision 0054).
      headers.set(WAIT_FOR_APP_SERVER, '1');
      // A private preview's cookie is signed for each request: the chat's visibility may have
      // changed since the browser started, which revokes every earlier token (preview-token.ts).
      const { cookie } = await deps.previewOf(target);
      if (cookie) headers.set('cookie', cookie);
      return deps.local(new Request(request, { headers }));
    };
    // The same load tells what a person opening the version would hit (issue 19 item 4).
    let check: RuntimeCheck | undefined;
    const prepare = async (page: Page): Promise<void> => {
      check = await watchRuntimeErrors(page);
    };
    const { jpeg, runtimeErrors } = await deps.browser.withPage(
      async ({ page }) => {
        const watching = check;
        if (!watching) throw new Error('runtime check was not prepared');
        const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
        if (!response || !response.ok())
          throw new Error(`preview answered ${response?.status() ?? 'nothing'}`);
        // An image on a slow third-party host does not cost the whole screenshot.
        await page.waitForLoadState('load', { timeout: LOAD_WAIT_MS }).catch(() => undefined);
        // Web fonts and a first paint, not every lazy request of the page.
        await page.evaluate(async () => {
          await document.fonts.ready;
          // A framework's first render is scheduled after `load`: let two frames pass.
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        });
        const jpeg = await page.screenshot({ type: 'jpeg', quality: JPEG_QUALITY, animations: 'disabled' });
        return { jpeg, runtimeErrors: await watching.finish(deps.mapFrames(target)) };
      },
      { viewport: SCREENSHOT_VIEWPORT, timeoutMs: PAGE_TIMEOUT_MS, local, prepare },
    );
    await deps.blobs.put(screenshotKey(target.chatId, target.messageId), jpeg, 'image/jpeg');
    const updated = await deps.db
      .update(messages)
      .set({ screenshot: screenshotUrl(target.chatId, target.messageId), runtimeErrors })
      .where(and(eq(messages.id, target.messageId), isNull(messages.screenshot)))
      .returning({ id: messages.id });
    if (updated.length > 0) deps.onChecked?.(target);
    return updated.length > 0;
  }

  const service: VersionScreenshots = {
    capture(target) {
      const existing = running.get(target.messageId);
      if (existing) return existing;
      const started = take(target).finally(() => running.delete(target.messageId));
      running.set(target.messageId, started);
      return started;
    },

    request(target) {
      void service.capture(target).catch((error: unknown) => {
        if (isClosed) return;
        log(
          `screenshots: ${target.chatId}-${target.version} failed: ${(error as Error).message.split('\n')[0]}`,
        );
      });
    },

    async idle() {
      await Promise.allSettled([...running.values()]);
    },

    close() {
      isClosed = true;
    },
  };
  return service;
}
