import { useEffect, useRef } from 'react';
import type { AppServerErrorReport } from './app-server-error.ts';

/**
 * The `app-server-error` events of the editor's realtime stream, handed from the one stream the
 * editor opens (editor-provider.tsx) to the preview on screen, which adds those of its version to
 * its runtime error panel. Not kept: an error reported while no preview listens is in the Logs view.
 */
export interface AppServerErrorEvent {
  chatId: string;
  version: number;
  error: AppServerErrorReport;
}

type Listener = (event: AppServerErrorEvent) => void;
const listeners = new Set<Listener>();

export function reportAppServerError(event: AppServerErrorEvent): void {
  for (const listener of listeners) listener(event);
}

/** Calls `onError` for each event reported while mounted (the latest callback). */
export function useAppServerErrors(onError: Listener): void {
  const handler = useRef(onError);
  useEffect(() => {
    handler.current = onError;
  });
  useEffect(() => {
    const listener: Listener = (event) => handler.current(event);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
