import { useCallback, useEffect, type RefObject } from 'react';
import { SELECT_MODE_MESSAGE } from '../../../core/preview/select-messages.ts';
import { useEditor } from '../state/editor-context.ts';
import { originOf, readSelectionMessage } from './selection-message.ts';
import { useElementSelection } from './selection-store.ts';
import { useTextEdit } from './use-text-edit.ts';

/**
 * The editor's side of the Select tool for the frames of one preview at `address`: tells them
 * whether selecting is on (posted to the preview's origin only, again after each load) and takes
 * the element they report (from that origin and those frames only).
 */
export function useSelectBridge(
  frames: readonly RefObject<HTMLIFrameElement | null>[],
  address: string | null,
) {
  const { chatId } = useEditor();
  const { isSelecting, selected, select, setSelecting } = useElementSelection(chatId);
  const editText = useTextEdit();
  const origin = originOf(address);

  const tell = useCallback(
    (frame: HTMLIFrameElement | null | undefined) => {
      if (!frame?.contentWindow || origin === null || !hasLeftTheApp(frame)) return;
      frame.contentWindow.postMessage({ type: SELECT_MODE_MESSAGE, on: isSelecting }, origin);
    },
    [isSelecting, origin],
  );

  useEffect(() => {
    for (const frame of frames) tell(frame.current);
  }, [frames, tell]);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const windows = frames.map((frame) => frame.current?.contentWindow);
      const message = readSelectionMessage(event, origin, windows);
      if (message?.kind === 'selected') {
        select(message.selection);
        document.getElementById('editor-prompt')?.focus();
      } else if (message?.kind === 'cancel') {
        setSelecting(false);
      } else if (message?.kind === 'text-edit') {
        // Only the element the chip names: a page cannot edit a text nobody selected.
        const { edit } = message;
        if (selected && selected.file === edit.file && selected.line === edit.line) editText(edit);
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frames, origin, select, selected, setSelecting, editText]);

  // Escape in the editor stops selecting too (the preview's bridge handles it inside the frame).
  useEffect(() => {
    if (!isSelecting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSelecting(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isSelecting, setSelecting]);

  /** For the frames' onLoad: a page loaded (or reloaded) learns the current mode. */
  const onFrameLoad = useCallback(
    (event: { currentTarget: HTMLIFrameElement }) => tell(event.currentTarget),
    [tell],
  );
  return { onFrameLoad, isSelecting };
}

/**
 * Whether the frame shows another origin than the app's: a frame still at its first about:blank
 * (readable from here) would make the browser log a target-origin mismatch for every post; its
 * load posts again once the preview is in it.
 */
function hasLeftTheApp(frame: HTMLIFrameElement): boolean {
  try {
    void frame.contentWindow?.location.href;
    return false;
  } catch {
    return true;
  }
}
