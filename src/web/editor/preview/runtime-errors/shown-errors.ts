import { useSyncExternalStore } from 'react';
import type { RuntimeError } from '../../../../core/preview/runtime-error-list.ts';

/**
 * The runtime errors the preview shows for a version, for the rest of the editor: the prompt
 * box's 'Fix errors' button sends them too (spec §2 input form). Written by the preview, kept
 * for the page's life per chat and version, so the button stays while the code view is open.
 */
const shown = new Map<string, readonly RuntimeError[]>();
const listeners = new Set<() => void>();
const NONE: readonly RuntimeError[] = [];

const keyOf = (chatId: string, version: number) => `${chatId}\n${version}`;

export function publishShownErrors(chatId: string, version: number, errors: readonly RuntimeError[]): void {
  const key = keyOf(chatId, version);
  const current = shown.get(key) ?? NONE;
  if (current === errors || (current.length === 0 && errors.length === 0)) return;
  shown.set(key, errors);
  for (const listener of listeners) listener();
}

export function useShownErrors(chatId: string, version: number | null): readonly RuntimeError[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (version === null ? NONE : (shown.get(keyOf(chatId, version)) ?? NONE)),
  );
}
