import type { CloneStepId, PageExtraction, PagePalette } from '../../core/clone/index.ts';
import type { BrowserService } from '../browser/index.ts';
import type { FetchPage } from './fetch-page.ts';
import { BUTTON_SELECTOR } from './page-content.ts';

/** 1280 px wide, the first screens of the page (a full-page capture of a long page is capped). */
export const CLONE_VIEWPORT = { width: 1280, height: 800 } as const;
export const MAX_SCREENSHOT_HEIGHT = 2400;
const JPEG_QUALITY = 70;
const BROWSER_TIMEOUT_MS = 30_000;
/** After `load`: web fonts, then two frames for a script's first render (a string: see below). */
const SETTLE = `document.fonts.ready.then(() => new Promise((resolve) =>
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))))`;

/**
 * Run in the page: its colours and fonts by use, the computed colours of its parts (the header's
 * or top navigation's own background, the body's background and text, a button's background),
 * and its height. A string, not a function:
 * tsx/esbuild would add helpers (`__name`) to a function that do not exist in the page.
 */
const MEASURE_DESIGN = `(() => {
  const colors = new Map();
  const fonts = new Map();
  const add = (map, value) => map.set(value, (map.get(value) || 0) + 1);
  const elements = Array.from(document.querySelectorAll('body, body *')).slice(0, 3000);
  for (const element of elements) {
    const style = getComputedStyle(element);
    for (const value of [style.color, style.backgroundColor, style.borderTopColor]) {
      if (!/rgba?\\(0, 0, 0, 0\\)|transparent/.test(value)) add(colors, value);
    }
    const family = (style.fontFamily.split(',')[0] || '').trim().replace(/^["']|["']$/g, '');
    if (family) add(fonts, family);
  }
  const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
  const firstBackground = (candidates) => {
    for (const element of candidates) {
      const value = element ? getComputedStyle(element).backgroundColor : '';
      if (value && !/rgba?\\(0, 0, 0, 0\\)|transparent/.test(value)) return value;
    }
    return null;
  };
  const banners = Array.from(document.querySelectorAll('header, [role="banner"]'));
  const palette = {
    header: firstBackground([
      ...banners,
      ...banners.flatMap((banner) => Array.from(banner.children)),
      ...document.querySelectorAll('nav'),
    ]),
    background: firstBackground([document.body, document.documentElement]),
    text: document.body ? getComputedStyle(document.body).color : null,
    accent: firstBackground(Array.from(document.querySelectorAll(${JSON.stringify(BUTTON_SELECTOR)})).slice(0, 50)),
  };
  return {
    colors: sorted(colors),
    fonts: sorted(fonts),
    palette,
    height: document.documentElement.scrollHeight,
  };
})()`;

export interface AnalysisDeps {
  browser: BrowserService;
  fetchPage: FetchPage;
  log?: (message: string) => void;
}

export interface Analysis {
  via: 'browser' | 'fetch';
  page: PageExtraction;
  screenshot: Buffer | null;
  /** Why the browser path was not used (the panel's fallback notice). */
  browserError: string | null;
}

export type StepReporter = (step: CloneStepId, extra?: { notice?: string }) => Promise<void>;

export class AnalysisFailedError extends Error {}

/**
 * The analysis of spec §2's panel: the browser path (rendered DOM, computed colours and fonts,
 * a JPEG screenshot) and, when it fails, the fetch path with the same extraction. Both failing
 * throws AnalysisFailedError.
 */
export async function analyseWebsite(
  url: string,
  deps: AnalysisDeps,
  report: StepReporter,
  onBrowserFailed: (reason: string) => Promise<void>,
): Promise<Analysis> {
  await report('initializing');
  let browserError: string;
  if (await deps.browser.available()) {
    try {
      const result = await viaBrowser(url, deps.browser, report);
      return { via: 'browser', ...result, browserError: null };
    } catch (error) {
      browserError = firstLine(error);
    }
  } else {
    browserError = 'no browser is available on this server.';
  }
  deps.log?.(`clone: browser analysis of ${url} failed (${browserError}); fetching it instead`);
  await onBrowserFailed(browserError);
  try {
    await report('loading');
    const fetched = await deps.fetchPage(url);
    await report('extracting');
    const { extractPage } = await loadExtract();
    const page = extractPage({ html: fetched.html, url: fetched.url, css: fetched.css });
    await report('design');
    await report('finalizing');
    return { via: 'fetch', page, screenshot: null, browserError };
  } catch (error) {
    throw new AnalysisFailedError(firstLine(error));
  }
}

async function viaBrowser(url: string, browser: BrowserService, report: StepReporter) {
  return browser.withPage(
    async ({ page }) => {
      await report('loading');
      const response = await page.goto(url, { waitUntil: 'load' });
      if (!response) throw new Error('the page did not answer.');
      if (response.status() >= 400) throw new Error(`the page answered ${response.status()}.`);
      await page.evaluate(SETTLE);
      await report('extracting');
      const html = await page.content();
      await report('design');
      const computed = await page.evaluate<{
        colors: string[];
        fonts: string[];
        palette: Record<keyof PagePalette, string | null>;
        height: number;
      }>(MEASURE_DESIGN);
      await report('screenshot');
      const screenshot = await page.screenshot({
        type: 'jpeg',
        quality: JPEG_QUALITY,
        animations: 'disabled',
        clip: {
          x: 0,
          y: 0,
          width: CLONE_VIEWPORT.width,
          height: Math.max(CLONE_VIEWPORT.height, Math.min(computed.height, MAX_SCREENSHOT_HEIGHT)),
        },
        fullPage: true,
      });
      await report('finalizing');
      const { extractPage, normalizeColor } = await loadExtract();
      const colors = computed.colors.map(normalizeColor).filter((color): color is string => color !== null);
      const part = (value: string | null) => (value === null ? null : normalizeColor(value));
      const palette: PagePalette = {
        header: part(computed.palette.header),
        background: part(computed.palette.background),
        text: part(computed.palette.text),
        accent: part(computed.palette.accent),
      };
      const extraction = extractPage({
        html,
        url: page.url(),
        computed: { colors, fonts: computed.fonts, palette },
      });
      return { page: extraction, screenshot };
    },
    { viewport: CLONE_VIEWPORT, timeoutMs: BROWSER_TIMEOUT_MS },
  );
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.split('\n')[0]!.trim();
  return /[.!?]$/.test(line) ? line : `${line}.`;
}

/** The page extraction (linkedom, Readability, Turndown) is loaded with the first clone. */
function loadExtract() {
  return import('./extract.ts');
}
