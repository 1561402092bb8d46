import {
  firstAppFrame,
  runtimeErrorKey,
  type RuntimeErrorReport,
  type SourceFrame,
} from './runtime-errors.ts';

/** A runtime error of one preview, as the panel shows it. */
export interface RuntimeError extends RuntimeErrorReport {
  /** Message + first app frame (the de-duplication rule). */
  key: string;
  /** The stack mapped to the generated sources (null: a frame that could not be mapped). */
  frames: (SourceFrame | null)[];
  /** The first frame in the app's own sources, when there is one. */
  place: SourceFrame | null;
  /** How many times it was reported. */
  count: number;
}

/** The report with its mapped frames, as a list entry. */
export function runtimeErrorOf(report: RuntimeErrorReport, frames: (SourceFrame | null)[]): RuntimeError {
  const place = firstAppFrame(frames);
  return { ...report, frames, place, key: runtimeErrorKey(report.message, place), count: 1 };
}

/** At most this many different errors are kept for one page. */
export const MAX_RUNTIME_ERRORS = 20;

/**
 * The list with `error` added: the same error again (same key) only counts once more, so a throw
 * on every render or the console line React writes for an uncaught error shows once. An uncaught
 * error and its console echo have the same message; the first report (the more precise kind) wins.
 */
export function withRuntimeError(list: readonly RuntimeError[], error: RuntimeError): RuntimeError[] {
  const index = list.findIndex((known) => known.key === error.key || isEcho(known, error));
  if (index >= 0)
    return list.map((known, at) => (at === index ? { ...known, count: known.count + 1 } : known));
  if (list.length >= MAX_RUNTIME_ERRORS) return [...list];
  return [...list, error];
}

/** React's `console.error` after an uncaught error repeats its message (with more text around). */
function isEcho(known: RuntimeError, error: RuntimeError): boolean {
  if (error.kind !== 'console' || known.kind === 'console') return false;
  const first = known.message.split('\n')[0]!.replace(/^\w*Error: /, '');
  return first.length > 0 && error.message.includes(first);
}
