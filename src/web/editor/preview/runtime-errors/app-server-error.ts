import { errorSource } from '../../../../core/apps/error-source.ts';
import { runtimeErrorOf, type RuntimeError } from '../../../../core/preview/runtime-error-list.ts';
import {
  frameLabel,
  MAX_RUNTIME_MESSAGE,
  MAX_RUNTIME_STACK,
  runtimeErrorLog,
  runtimeErrorTitle,
  type SourceFrame,
} from '../../../../core/preview/runtime-errors.ts';
import type { RealtimeEvent } from '../../realtime/use-chat-events.ts';

/** What an `app-server-error` event carries: an error the version's app server logged or threw. */
export type AppServerErrorReport = Extract<RealtimeEvent, { type: 'app-server-error' }>['error'];

/**
 * A runtime error panel entry that came from the version's app server (issue 22 item 5), not from
 * the page: the panel and the fix text say so. Kept as a field of the entry, so the list's rules
 * (de-duplication, counting) treat both alike.
 */
export type ShownRuntimeError = RuntimeError & { fromServer?: true };

/**
 * The server's error as a panel entry: its place is the first stack frame in one of the version's
 * files (core `errorSource`), so 'Ask Kiln to fix it' names the file and line. A thrown error
 * reads as 'Uncaught Error', a logged one as a console error.
 */
export function appServerErrorOf(
  error: AppServerErrorReport,
  projectFiles: Iterable<string>,
): ShownRuntimeError {
  const source = errorSource(error.stack, projectFiles);
  const frames: SourceFrame[] = source
    ? [{ file: source.file, line: source.line, column: source.column ?? 0, name: null }]
    : [];
  const report = {
    kind: error.kind === 'uncaught' ? ('error' as const) : ('console' as const),
    message: error.message.slice(0, MAX_RUNTIME_MESSAGE),
    stack: error.stack.slice(0, MAX_RUNTIME_STACK),
  };
  return { ...runtimeErrorOf(report, frames), fromServer: true };
}

export const isFromServer = (error: RuntimeError): boolean =>
  (error as ShownRuntimeError).fromServer === true;

/** The panel's heading. */
export function shownErrorTitle(error: RuntimeError): string {
  if (!isFromServer(error)) return runtimeErrorTitle(error.kind);
  return 'Server Error';
}

/** `file:line:column`, or `file:line` when the server's stack gave no column. */
export const placeLabel = (frame: SourceFrame): string =>
  frame.column > 0 ? frameLabel(frame) : `${frame.file}:${frame.line}`;

/**
 * The error as the fix prompt carries it: the page's as before (core `runtimeErrorLog`); the
 * server's with its own title, its place in the version's files and the app's stack as Node wrote it.
 */
export function shownErrorLog(error: RuntimeError): string {
  if (!isFromServer(error)) return runtimeErrorLog(error, error.frames);
  const stack = error.stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8);
  return [
    `${shownErrorTitle(error)} in the app's server${error.place ? ` at ${placeLabel(error.place)}` : ''}:`,
    error.message,
    ...stack,
  ].join('\n');
}
