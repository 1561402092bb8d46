import type { Page } from 'playwright-core';
import {
  EMPTY_ROOT_MESSAGE,
  ROOT_SELECTOR,
  parseStack,
  readRuntimeErrorReport,
  servedFrame,
  type RuntimeCheckError,
  type RuntimeErrorReport,
  type SourceFrame,
  type StackFrame,
} from '../../core/preview/runtime-errors.ts';
import {
  runtimeErrorOf,
  withRuntimeError,
  type RuntimeError,
} from '../../core/preview/runtime-error-list.ts';
import { MAX_RUNTIME_REPORTS, runtimeCheckInitScript } from '../preview/http/runtime-error-bridge.ts';

/** The page binding the check's reporter calls (a name no app uses by chance). */
const BINDING = '__kilnRuntimeCheckReport';
/**
 * How long an empty root may stay empty before 'Nothing Rendered' is recorded. Only waited when
 * the root is empty at screenshot time; generous, so a slow machine's late first render is not
 * stored as an error.
 */
const EMPTY_ROOT_WAIT_MS = 5_000;

/** Maps a stack's frames to the generated sources (null where the build's source maps cannot). */
export type MapFrames = (frames: StackFrame[]) => Promise<(SourceFrame | null)[]>;

export interface RuntimeCheck {
  /** The errors found once the page is settled, mapped and de-duplicated (issue 19 item 4). */
  finish(mapFrames: MapFrames): Promise<RuntimeCheckError[]>;
}

/**
 * Watches a page the server's browser is about to load for what a person opening it would hit:
 * the reporter the framed previews carry (uncaught errors, rejections, `console.error`, the
 * preview's own files failing to load), plus a root still empty when the page is settled. Call
 * before `goto`; `finish` once the page is settled (the screenshot's moment).
 */
export async function watchRuntimeErrors(page: Page): Promise<RuntimeCheck> {
  const reports: RuntimeErrorReport[] = [];
  await page.exposeBinding(BINDING, (source, value: unknown) => {
    // The page's own scripts can call it too: checked and bounded like any input.
    if (source.frame !== page.mainFrame() || reports.length >= MAX_RUNTIME_REPORTS) return;
    const report = readRuntimeErrorReport(value);
    if (report) reports.push(report);
  });
  await page.addInitScript(runtimeCheckInitScript(BINDING));

  return {
    async finish(mapFrames) {
      // Like the bridge: an app that failed has its error shown, not its empty root too.
      if (reports.length === 0) {
        const emptyRoot = await findEmptyRoot(page);
        if (emptyRoot !== null && reports.length === 0)
          reports.push({
            kind: 'empty-root',
            message: EMPTY_ROOT_MESSAGE.replace('{root}', emptyRoot),
            stack: '',
          });
      }
      const origin = new URL(page.url()).origin;
      let list: RuntimeError[] = [];
      for (const report of reports.splice(0)) {
        const frames = parseStack(report.stack);
        const mapped = frames.length > 0 ? await mapFrames(frames) : [];
        const sources = frames.map((frame, index) => mapped[index] ?? servedFrame(frame, origin));
        list = withRuntimeError(list, runtimeErrorOf(report, sources));
      }
      return list.map(({ kind, message, frames }) => ({ kind, message, frames }));
    },
  };
}

/**
 * The root element's name (`#root`, `<body>`) when it is still empty after EMPTY_ROOT_WAIT_MS,
 * else null (something rendered, or the page went away).
 */
async function findEmptyRoot(page: Page): Promise<string | null> {
  const isFilled = (selector: string) => {
    const root = document.querySelector(selector) ?? document.body;
    return !root || root.children.length > 0 || (root.textContent ?? '').trim() !== '';
  };
  const filled = await page
    .waitForFunction(isFilled, ROOT_SELECTOR, { timeout: EMPTY_ROOT_WAIT_MS })
    .then(() => true)
    .catch(() => false);
  if (filled) return null;
  return page
    .evaluate((selector) => {
      const root = document.querySelector(selector);
      return root ? `#${root.id || root.tagName.toLowerCase()}` : '<body>';
    }, ROOT_SELECTOR)
    .catch(() => null);
}
