import type { AppLogLine } from '../../../server/app-servers/app-log.ts';
import type { AppServerState } from '../../../server/app-servers/manager.ts';

/** GET /api/chats/:chatId/preview/:version/server (issue 22 item 5): the version's app server. */
export interface AppServerView {
  /** 'handler' (an SPA's api/), 'server' (a server-rendered project), null: the version has none. */
  kind: 'handler' | 'server' | null;
  state: AppServerState;
  lines: AppLogLine[];
  lastError?: string;
}

/** The state as the Logs view names it. */
export function serverStateLabel(view: Pick<AppServerView, 'state' | 'lastError'>): string {
  switch (view.state) {
    case 'running':
      return 'Running';
    case 'starting':
      return 'Starting';
    case 'stopped':
      return 'Stopped';
    case 'crashed':
      return view.lastError ? `Crashed: ${view.lastError}` : 'Crashed';
  }
}

/** How close to the end counts as 'at the bottom' (a fractional scroll position is not a move away). */
const BOTTOM_SLACK_PX = 8;

/** The log follows new lines only while the reader is at its end (scrolled up: left where it is). */
export function isScrolledToBottom(
  box: Pick<HTMLElement, 'scrollTop' | 'clientHeight' | 'scrollHeight'>,
): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= BOTTOM_SLACK_PX;
}

/** `HH:MM:SS` of a line's ISO time, in the reader's time zone. */
export function lineTime(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}
