import { useSyncExternalStore } from 'react';

/**
 * Whether the Logs view is open, per chat: the header's toggle writes it, the preview canvas shows
 * the panel. Kept for the page's life (switching versions keeps it open).
 */
const open = new Set<string>();
const listeners = new Set<() => void>();

export function setLogsOpen(chatId: string, isOpen: boolean): void {
  if (isOpen === open.has(chatId)) return;
  if (isOpen) open.add(chatId);
  else open.delete(chatId);
  for (const listener of listeners) listener();
}

export function useLogsOpen(chatId: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => open.has(chatId),
  );
}
