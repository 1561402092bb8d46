import { useSyncExternalStore } from 'react';

/**
 * The errors a person asked Kiln to fix, per chat (issue 19 item 4): when a later version still
 * hits one of them, the panel says the previous fix did not remove it rather than offering the
 * same fix as if it were new. Kept for the page's life (a reload starts afresh); fixing is
 * always a click, never automatic.
 */
const fixedByChat = new Map<string, Map<string, number>>();
const listeners = new Set<() => void>();
let revision = 0;

/** Remembers that `key` was sent to be fixed from `version`. */
export function rememberFix(chatId: string, key: string, version: number): void {
  const fixed = fixedByChat.get(chatId) ?? new Map<string, number>();
  fixed.set(key, version);
  fixedByChat.set(chatId, fixed);
  revision++;
  for (const listener of listeners) listener();
}

/** The version a fix of `key` was asked from, when that was an earlier version than `version`. */
export function fixedBefore(chatId: string, key: string, version: number): number | null {
  const from = fixedByChat.get(chatId)?.get(key);
  return from !== undefined && from < version ? from : null;
}

/** Re-renders when a fix is remembered. */
export function useFixMemory(): number {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => revision,
  );
}
