/**
 * Runtime errors of a framed preview (issue 19 item 4): what the preview's bridge reports to the
 * editor, and the editor's rules for them. The bridge posts to the app's origin only; the editor
 * takes a report only from the preview's origin and frame, and treats its fields as the page's
 * word (the app's own scripts run on that origin too): checked and cut like any input.
 */

/** Preview → editor: `{ type, kind, message, stack }`. */
export const RUNTIME_ERROR_MESSAGE = 'kiln-runtime-error';

export const RUNTIME_ERROR_KINDS = ['error', 'rejection', 'console', 'resource', 'empty-root'] as const;
export type RuntimeErrorKind = (typeof RUNTIME_ERROR_KINDS)[number];

export const MAX_RUNTIME_MESSAGE = 2000;
export const MAX_RUNTIME_STACK = 8000;
/** Frames kept of a stack (and mapped by the server at most). */
export const MAX_STACK_FRAMES = 30;

/** One frame of a stack as the browser wrote it (1-based line and column). */
export interface StackFrame {
  url: string;
  line: number;
  column: number;
  name: string | null;
}

/** A frame mapped to the generated sources by the build's source maps. */
export interface SourceFrame {
  file: string;
  line: number;
  column: number;
  name: string | null;
}

/**
 * An error the server's browser hit when it loaded a built version (stored on the message,
 * `messages.runtime_errors`): the report with its stack already mapped to the sources.
 */
export interface RuntimeCheckError {
  kind: RuntimeErrorKind;
  message: string;
  frames: (SourceFrame | null)[];
}

export interface RuntimeErrorReport {
  kind: RuntimeErrorKind;
  message: string;
  stack: string;
}

const TITLES: Record<RuntimeErrorKind, string> = {
  error: 'Uncaught Error',
  rejection: 'Unhandled Promise Rejection',
  console: 'Console Error',
  resource: 'Failed to Load',
  'empty-root': 'Nothing Rendered',
};

export const runtimeErrorTitle = (kind: RuntimeErrorKind) => TITLES[kind];

/**
 * A runtime error report from the preview, or null for anything else: only from the preview's
 * origin and one of its frames, with a known kind and text fields of bounded size.
 */
export function readRuntimeErrorMessage(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  previewOrigin: string | null,
  frames: readonly (Window | null | undefined)[],
): RuntimeErrorReport | null {
  if (previewOrigin === null || event.origin !== previewOrigin) return null;
  if (event.source === null || !frames.includes(event.source as Window)) return null;
  return readRuntimeErrorReport(event.data);
}

/**
 * The bridge's `{ type, kind, message, stack }`, checked: a known kind and text fields of bounded
 * size (the page's own scripts can send anything), or null.
 */
export function readRuntimeErrorReport(value: unknown): RuntimeErrorReport | null {
  const data = value as Record<string, unknown> | null;
  if (typeof data !== 'object' || data === null || data.type !== RUNTIME_ERROR_MESSAGE) return null;
  const { kind, message, stack } = data;
  if (!RUNTIME_ERROR_KINDS.includes(kind as RuntimeErrorKind)) return null;
  if (typeof message !== 'string' || message.trim() === '') return null;
  if (stack !== undefined && typeof stack !== 'string') return null;
  return {
    kind: kind as RuntimeErrorKind,
    message: message.slice(0, MAX_RUNTIME_MESSAGE),
    stack: (stack ?? '').slice(0, MAX_RUNTIME_STACK),
  };
}

/** What 'Nothing Rendered' says; `{root}` is `#root`, `#app`, `#app-root` or `<body>`. */
export const EMPTY_ROOT_MESSAGE = 'The page rendered nothing: {root} is empty after the page loaded.';
/** The elements a framework renders into, first found wins; else the body. */
export const ROOT_SELECTOR = '#root, #app, app-root';

/** Chrome's `    at name (url:1:2)` / `    at url:1:2`, Firefox's and Safari's `name@url:1:2`. */
const V8_FRAME = /^\s*at (?:async )?(?:(.+?) \()?(?:async )?(\S+?):(\d+):(\d+)\)?\s*$/;
const GECKO_FRAME = /^\s*(.*?)@(\S+?):(\d+):(\d+)\s*$/;

/** The frames of a stack string whose place is an http(s) address (bounded). */
export function parseStack(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n')) {
    const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!match) continue;
    const [, name, url, row, column] = match;
    if (!/^https?:\/\//.test(url!)) continue;
    frames.push({ url: url!, line: Number(row), column: Number(column), name: name?.trim() || null });
    if (frames.length >= MAX_STACK_FRAMES) break;
  }
  return frames;
}

/** A frame of the app's own code: not a dependency's, not Vite's or Kiln's helpers. */
export function isAppFrame(frame: SourceFrame): boolean {
  return (
    !/(^|\/)node_modules\//.test(frame.file) && !frame.file.startsWith('\0') && !/^vite\//.test(frame.file)
  );
}

/** The first frame in the app's own sources, or null. */
export function firstAppFrame(frames: readonly (SourceFrame | null)[]): SourceFrame | null {
  return frames.find((frame): frame is SourceFrame => frame !== null && isAppFrame(frame)) ?? null;
}

/**
 * Two reports are the same error when their message and first app frame are the same (the
 * issue's rule): the same throw on every render, or reported as both an error and a console
 * line, shows once.
 */
export function runtimeErrorKey(message: string, frame: SourceFrame | null): string {
  const firstLine = message.split('\n')[0]!.trim();
  return frame ? `${firstLine}\n${frame.file}:${frame.line}` : firstLine;
}

/**
 * A frame not named by a source map: on the preview's own origin it is the served file itself (an
 * HTML version's sources are served as written); elsewhere (a CDN) it stays unnamed.
 */
export function servedFrame(frame: StackFrame, previewOrigin: string): SourceFrame | null {
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return null;
  }
  if (url.origin !== previewOrigin) return null;
  let file: string;
  try {
    file = decodeURIComponent(url.pathname);
  } catch {
    file = url.pathname;
  }
  return {
    file: file.replace(/^\/+/, '') || 'index.html',
    line: frame.line,
    column: frame.column,
    name: frame.name,
  };
}

/** `file:line:column`. */
export const frameLabel = (frame: SourceFrame) => `${frame.file}:${frame.line}:${frame.column}`;

/**
 * The error as the fix prompt carries it ('Fix the following error: {log}'): title, message, the
 * place in the generated sources and the mapped stack.
 */
export function runtimeErrorLog(
  report: Pick<RuntimeErrorReport, 'kind' | 'message'>,
  frames: readonly (SourceFrame | null)[],
): string {
  const at = frames
    .filter((frame): frame is SourceFrame => frame !== null)
    .slice(0, 8)
    .map((frame) => `    at ${frame.name ? `${frame.name} (${frameLabel(frame)})` : frameLabel(frame)}`);
  const place = firstAppFrame(frames);
  return [
    `${runtimeErrorTitle(report.kind)} in the preview${place ? ` at ${frameLabel(place)}` : ''}:`,
    report.message,
    ...at,
  ].join('\n');
}
