/**
 * The first prompt of a new chat travels from the home page to the editor in the router's
 * location state (files included: history state can hold File objects), and is sent once.
 */
export interface PendingGeneration {
  prompt: string;
  files: File[];
}

export interface EditorLocationState {
  pendingGeneration?: PendingGeneration;
}

export function readPendingGeneration(state: unknown): PendingGeneration | null {
  if (typeof state !== 'object' || state === null) return null;
  const pending = (state as EditorLocationState).pendingGeneration;
  if (!pending || typeof pending.prompt !== 'string') return null;
  return { prompt: pending.prompt, files: Array.isArray(pending.files) ? pending.files : [] };
}

/** Location keys whose pending prompt was already sent (survives StrictMode's double effects). */
export const sentPendingKeys = new Set<string>();
