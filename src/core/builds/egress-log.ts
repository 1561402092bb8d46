import { formatFileSize } from '../display/file-size.ts';

/**
 * Issue 37 item 2: the lines Kiln writes into a build step's log for what the build reached
 * through its egress guard (decision 0063), so the person (or the model fixing the build) sees
 * what was fetched, from where, and what was refused and why. Kiln's lines start with `[kiln]`,
 * and avoid the words the build-log classifier reads as the build's own errors.
 */
export type EgressEvent =
  | {
      kind: 'fetched';
      /** `GET https://…` */
      request: string;
      status: number;
      bytes: number;
      /** The network; Kiln's cache (fresh); Kiln's cache because the network did not answer. */
      source: 'network' | 'cache' | 'stale';
      /** Where redirects led, when elsewhere. */
      finalUrl?: string;
      /** Why the network was not used (a stale answer). */
      problem?: string;
    }
  | { kind: 'refused'; request: string; reason: string }
  | { kind: 'failed'; request: string; reason: string }
  /** A direct connection (TLS Kiln cannot see into: checked, not cached). */
  | { kind: 'connected'; destination: string }
  | { kind: 'connection-refused'; reason: string };

/** A URL or reason in the log: one line, at most this long. */
const MAX_TEXT = 300;

function clip(text: string): string {
  // Control characters (a URL's or an error's) become spaces: one line, nothing a terminal acts on.
  const line = [...text].map((char) => (char < ' ' || char === '\u007f' ? ' ' : char)).join('');
  return line.length > MAX_TEXT ? `${line.slice(0, MAX_TEXT - 1)}…` : line;
}

export function egressLogLine(event: EgressEvent): string {
  switch (event.kind) {
    case 'fetched': {
      const via = event.finalUrl ? ` (redirected to ${clip(event.finalUrl)})` : '';
      const source =
        event.source === 'network'
          ? 'from the network'
          : event.source === 'cache'
            ? "from Kiln's cache"
            : `from Kiln's cache, the network did not answer: ${clip(event.problem ?? '')}`;
      return `[kiln] fetched ${clip(event.request)}${via} → ${event.status}, ${formatFileSize(event.bytes)}, ${source}`;
    }
    case 'refused':
      return `[kiln] refused ${clip(event.request)}: ${clip(event.reason)}`;
    case 'failed':
      return `[kiln] could not fetch ${clip(event.request)}: ${clip(event.reason)}`;
    case 'connected':
      return `[kiln] connected to ${clip(event.destination)} directly (checked, not cached)`;
    case 'connection-refused':
      return `[kiln] ${clip(event.reason)}`;
  }
}
