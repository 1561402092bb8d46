import type { BuildErrorPayload, BuildStatus, RealtimeEvent } from '../../../server/realtime/events.ts';

export type { BuildErrorPayload, BuildStatus };

/**
 * Spec §4 "Preview build (non-HTML)": null → initializing → processing → starting → ready,
 * any step → error; 'token-limit' when the answer was cut off by length.
 */
export interface PreviewBuildState {
  chatId: string;
  version: number | null;
  status: BuildStatus | 'waiting';
  error: BuildErrorPayload | null;
  /** The built preview's address, once ready. */
  url: string | null;
  /**
   * A private chat's preview address carries the viewer's token, so only the server's answer
   * for this viewer gives it (GET /api/chats/:id/preview/:version), never a broadcast event.
   */
  isPrivate: boolean;
  /** Bumped by refresh-preview / file-change and the Reload button: the frame reloads. */
  reloadCount: number;
  /** When the ready signal came for a chat/version other than the last one shown (starting overlay). */
  readyAt: number | null;
}

export function initialBuildState(
  chatId: string,
  version: number | null,
  input: { isBuilt: boolean; finishReason: string | null; previewUrl: string | null; isPrivate?: boolean },
): PreviewBuildState {
  const isPrivate = input.isPrivate ?? false;
  const status: PreviewBuildState['status'] =
    input.finishReason === 'length' ? 'token-limit' : input.isBuilt ? 'ready' : 'waiting';
  return {
    chatId,
    version,
    status,
    error: null,
    url: input.isBuilt && !isPrivate ? input.previewUrl : null,
    isPrivate,
    reloadCount: 0,
    readyAt: null,
  };
}

/**
 * The build state kept for one version on screen, named by `key` (chat, version and what the
 * chat read says of it). Kept and key in one value so they cannot part: a state kept for another
 * version is never shown (its address would show the wrong version), the fresh one is.
 */
export interface KeptBuildState {
  key: string;
  state: PreviewBuildState;
}

/** What is shown for `key`: the state kept for it, else `fresh` (the version's initial state). */
export function shownBuildState(
  kept: KeptBuildState,
  key: string,
  fresh: PreviewBuildState,
): PreviewBuildState {
  return kept.key === key ? kept.state : fresh;
}

/** Applies `change` to what is shown for `key`, and keeps the result for that key. */
export function changeShownBuildState(
  kept: KeptBuildState,
  key: string,
  fresh: PreviewBuildState,
  change: (state: PreviewBuildState) => PreviewBuildState,
): KeptBuildState {
  const shown = shownBuildState(kept, key, fresh);
  const next = change(shown);
  return kept.key === key && next === shown ? kept : { key, state: next };
}

/** Applies one realtime event to the build state of the version on screen. */
export function reduceBuildEvent(
  state: PreviewBuildState,
  event: RealtimeEvent,
  now: number,
): PreviewBuildState {
  const isThisVersion = (version: number | undefined) => version === undefined || version === state.version;
  switch (event.type) {
    case 'build-status':
      if (!isThisVersion(event.version) || state.status === 'token-limit') return state;
      if (event.status === 'ready') return { ...state, status: 'ready', error: null, readyAt: now };
      return {
        ...state,
        status: event.status,
        error: event.status === 'error' ? (event.error ?? null) : null,
      };
    case 'preview-ready':
      if (!isThisVersion(event.version)) return state;
      return {
        ...state,
        status: 'ready',
        error: null,
        url: state.isPrivate ? state.url : event.url,
        readyAt: now,
      };
    case 'message-update':
      if (!isThisVersion(event.version) || !event.isBuilt || state.status === 'ready') return state;
      return { ...state, status: 'ready', error: null, readyAt: now };
    case 'refresh-preview':
    case 'file-change':
      if (!isThisVersion(event.version)) return state;
      return { ...state, reloadCount: state.reloadCount + 1 };
    default:
      return state;
  }
}

/** What `GET /api/chats/:chatId/preview/:version` says of a version's build. */
export interface StoredBuildState {
  status: BuildStatus | 'idle';
  error?: BuildErrorPayload;
  /** The preview address; for a private chat it carries the owner's short-lived token. */
  url: string;
}

/**
 * The server's record of the build, read when a version is opened: a page opened after the
 * build failed shows the error at once, and a private chat's frame gets its tokened address.
 * Realtime events that came first win over an older `idle`.
 */
export function applyStoredBuildState(state: PreviewBuildState, stored: StoredBuildState): PreviewBuildState {
  if (state.status === 'token-limit') return state;
  if (stored.status === 'idle') return state;
  if (stored.status === 'ready') return { ...state, status: 'ready', error: null, url: stored.url };
  if (state.status === 'ready') return state;
  return {
    ...state,
    status: stored.status,
    error: stored.status === 'error' ? (stored.error ?? null) : null,
    url: stored.url,
  };
}

/** The label of spec §2 "Build progress states" for a status, or null when none is shown. */
export function buildProgressLabel(status: PreviewBuildState['status']): string | null {
  switch (status) {
    case 'waiting':
    case 'initializing':
      return 'Initializing';
    case 'processing':
      return 'Installing dependencies';
    case 'starting':
      return 'Starting';
    case 'deploying':
      return 'Deploying';
    default:
      return null;
  }
}
