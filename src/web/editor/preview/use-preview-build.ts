import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import type { RealtimeEvent } from '../../../server/realtime/events.ts';
import {
  applyStoredBuildState,
  changeShownBuildState,
  initialBuildState,
  reduceBuildEvent,
  shownBuildState,
  type KeptBuildState,
  type PreviewBuildState,
  type StoredBuildState,
} from './build-state.ts';
import { previewHostUrl } from './preview-addresses.ts';

interface Input {
  chatId: string;
  version: number | null;
  isHtml: boolean;
  isBuilt: boolean;
  finishReason: string | null;
  /** A private chat's preview address needs the viewer's token, which only the server gives. */
  isPrivate: boolean;
}

/**
 * The build state of the version on screen and its preview address (HTML versions too, on
 * their preview host: decision 0038). It resets when the chat or version changes (spec §4) and
 * follows the realtime events the page passes to `onEvent`.
 */
export function usePreviewBuild({ chatId, version, isHtml, isBuilt, finishReason, isPrivate }: Input) {
  // A version's state starts afresh when the version on screen changes, or what the chat read
  // says of it (spec §4); it is derived, not reset during render, so a render that shows version
  // 2 can never show the state (and address) kept for version 1.
  const key = JSON.stringify([chatId, version, isHtml, isBuilt, finishReason, isPrivate]);
  const fresh = useMemo(
    () =>
      initialBuildState(chatId, version, {
        isBuilt: isHtml || isBuilt,
        finishReason,
        previewUrl: version === null ? null : previewHostUrl(chatId, version),
        isPrivate,
      }),
    [chatId, version, isHtml, isBuilt, finishReason, isPrivate],
  );
  const [kept, setKept] = useState<KeptBuildState>(() => ({ key, state: fresh }));
  const build = shownBuildState(kept, key, fresh);

  // Events and answers change what is on screen now (committed), whenever they arrive.
  const shown = useRef({ key, fresh });
  useLayoutEffect(() => {
    shown.current = { key, fresh };
  }, [key, fresh]);
  const change = useCallback((update: (state: PreviewBuildState) => PreviewBuildState) => {
    setKept((current) => changeShownBuildState(current, shown.current.key, shown.current.fresh, update));
  }, []);

  // Once the answer has ended, ask the server where its build stands (the events may be past;
  // again for each fresh state)
  // and, for a private chat, for the address with this viewer's token. A public HTML version
  // needs neither: it is ready, at its preview host.
  const hasEnded = finishReason !== null;
  useEffect(() => {
    if ((isHtml && !isPrivate) || version === null || !hasEnded) return;
    let isCurrent = true;
    apiFetch<StoredBuildState>(`/api/chats/${chatId}/preview/${version}`)
      .then((stored) => {
        if (!isCurrent) return;
        change((current) =>
          current.chatId === chatId && current.version === version
            ? applyStoredBuildState(current, stored)
            : current,
        );
      })
      .catch(() => undefined); // the realtime events still drive the state
    return () => {
      isCurrent = false;
    };
  }, [chatId, version, isHtml, isPrivate, hasEnded, change, key]);

  const onEvent = useCallback(
    (event: RealtimeEvent) => change((current) => reduceBuildEvent(current, event, Date.now())),
    [change],
  );
  const reload = useCallback(
    () => change((current) => ({ ...current, reloadCount: current.reloadCount + 1 })),
    [change],
  );
  return { build, onEvent, reload };
}
