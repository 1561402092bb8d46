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
}

/**
 * The build state of the version on screen. It resets when the chat or version changes (spec
 * §4) and follows the realtime events the page passes to `onEvent`.
 */
export function usePreviewBuild({ chatId, version, isHtml, isBuilt, finishReason }: Input) {
  const make = useCallback(
    () =>
      initialBuildState(chatId, version, {
        isBuilt: isHtml || isBuilt,
        finishReason,
        previewUrl: version === null || isHtml ? null : previewHostUrl(chatId, version),
      }),
    [chatId, version, isHtml, isBuilt, finishReason],
  );
  const [state, setState] = useState<PreviewBuildState>(make);

  // Reset during render when the version on screen changed (or its stored state did).
  const [key, setKey] = useState({ chatId, version, isBuilt, finishReason });
  if (
    key.chatId !== chatId ||
    key.version !== version ||
    key.finishReason !== finishReason ||
    (isBuilt && !key.isBuilt)
  ) {
    setKey({ chatId, version, isBuilt, finishReason });
    setState(make());
  }

  // Once the answer has ended, ask the server where its build stands (the events may be past).
  const hasEnded = finishReason !== null;
  useEffect(() => {
    if (isHtml || version === null || !hasEnded) return;
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
  }, [chatId, version, isHtml, hasEnded]);

  const onEvent = useCallback((event: RealtimeEvent) => {
    setState((current) => reduceBuildEvent(current, event, Date.now()));
  }, []);
  const reload = useCallback(() => {
    setState((current) => ({ ...current, reloadCount: current.reloadCount + 1 }));
  }, []);
  return { build: state, onEvent, reload };
}
