import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '../../lib/api.ts';
import type { RealtimeEvent } from '../../../server/realtime/events.ts';
import {
  applyStoredBuildState,
  initialBuildState,
  reduceBuildEvent,
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
  const make = useCallback(
    () =>
      initialBuildState(chatId, version, {
        isBuilt: isHtml || isBuilt,
        finishReason,
        previewUrl: version === null ? null : previewHostUrl(chatId, version),
        isPrivate,
      }),
    [chatId, version, isHtml, isBuilt, finishReason, isPrivate],
  );
  const [state, setState] = useState<PreviewBuildState>(make);

  // Reset during render when the version on screen changed (or its stored state did).
  const [key, setKey] = useState({ chatId, version, isBuilt, finishReason, isPrivate });
  if (
    key.chatId !== chatId ||
    key.version !== version ||
    key.finishReason !== finishReason ||
    key.isPrivate !== isPrivate ||
    (isBuilt && !key.isBuilt)
  ) {
    setKey({ chatId, version, isBuilt, finishReason, isPrivate });
    setState(make());
  }

  // Once the answer has ended, ask the server where its build stands (the events may be past)
  // and, for a private chat, for the address with this viewer's token. A public HTML version
  // needs neither: it is ready, at its preview host.
  const hasEnded = finishReason !== null;
  useEffect(() => {
    if ((isHtml && !isPrivate) || version === null || !hasEnded) return;
    let isCurrent = true;
    apiFetch<StoredBuildState>(`/api/chats/${chatId}/preview/${version}`)
      .then((stored) => {
        if (!isCurrent) return;
        setState((current) =>
          current.chatId === chatId && current.version === version
            ? applyStoredBuildState(current, stored)
            : current,
        );
      })
      .catch(() => undefined); // the realtime events still drive the state
    return () => {
      isCurrent = false;
    };
  }, [chatId, version, isHtml, isPrivate, hasEnded]);

  const onEvent = useCallback((event: RealtimeEvent) => {
    setState((current) => reduceBuildEvent(current, event, Date.now()));
  }, []);
  const reload = useCallback(() => {
    setState((current) => ({ ...current, reloadCount: current.reloadCount + 1 }));
  }, []);
  return { build: state, onEvent, reload };
}
