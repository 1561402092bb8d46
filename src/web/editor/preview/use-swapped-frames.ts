import { useCallback, useState } from 'react';

/**
 * What a preview frame shows: a document written in the page (srcdoc), or an address (loaded
 * again when its `revision`, what is served there, changes).
 */
export type FrameSource =
  { kind: 'document'; document: string } | { kind: 'address'; url: string; revision: string };

export interface SwappedFrame {
  key: number;
  source: FrameSource;
}

let nextFrameKey = 0;

const identity = (source: FrameSource | null) =>
  source === null
    ? null
    : source.kind === 'document'
      ? `d:${source.document}`
      : `a:${source.revision}:${source.url}`;

/**
 * Double-buffered frames, so the preview never flashes white: each new source (or reload) loads
 * in a hidden `pending` frame that replaces the shown `front` one once it has loaded. A null
 * source keeps what is shown (a finished version whose address is not known yet).
 */
export function useSwappedFrames(source: FrameSource | null, reloadKey: number) {
  const [frames, setFrames] = useState<{ front: SwappedFrame | null; pending: SwappedFrame | null }>(() => ({
    front: source === null ? null : { key: nextFrameKey++, source },
    pending: null,
  }));
  const id = identity(source);
  const [last, setLast] = useState({ id, reloadKey });
  if (last.id !== id || last.reloadKey !== reloadKey) {
    setLast({ id, reloadKey });
    if (source !== null) {
      const next = { key: nextFrameKey++, source };
      setFrames((current) =>
        current.front === null ? { front: next, pending: null } : { ...current, pending: next },
      );
    }
  }
  const onPendingLoad = useCallback((loaded: SwappedFrame) => {
    setFrames((current) =>
      current.pending && current.pending.key === loaded.key
        ? { front: current.pending, pending: null }
        : current,
    );
  }, []);
  return { ...frames, onPendingLoad };
}
