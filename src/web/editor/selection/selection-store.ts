import { useCallback, useSyncExternalStore } from 'react';

/** An element picked in the preview with the Select tool (issue 17 item 2). */
export interface ElementSelection {
  file: string;
  line: number;
  column: number;
  tagName: string;
  outerHTML: string;
}

interface SelectionState {
  /** The chat the state belongs to: another chat's editor starts with nothing selected. */
  chatId: string | null;
  /** The Select toggle is on: the preview outlines and captures clicks. */
  isSelecting: boolean;
  selected: ElementSelection | null;
}

const EMPTY: SelectionState = { chatId: null, isSelecting: false, selected: null };
let state: SelectionState = EMPTY;
const listeners = new Set<() => void>();

function set(next: SelectionState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The Select tool's state, shared by the preview header's toggle, the preview frames and the
 * prompt's chip without threading it through the editor's provider.
 */
export function useElementSelection(chatId: string) {
  const current = useSyncExternalStore(subscribe, () => state);
  const own = current.chatId === chatId ? current : EMPTY;
  const setSelecting = useCallback(
    (isSelecting: boolean) =>
      set({ chatId, isSelecting, selected: state.chatId === chatId ? state.selected : null }),
    [chatId],
  );
  const select = useCallback(
    (selected: ElementSelection) => set({ chatId, isSelecting: false, selected }),
    [chatId],
  );
  const clear = useCallback(() => set({ chatId, isSelecting: false, selected: null }), [chatId]);
  return { isSelecting: own.isSelecting, selected: own.selected, setSelecting, select, clear };
}
