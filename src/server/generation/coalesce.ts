/**
 * Joins text pushed in quick succession into fewer sends. A push goes out at once when nothing
 * was sent for `intervalMs`; later ones wait until then, or until the next turn of the event
 * loop. A model sends many tiny chunks, and one write or message each would cost more than the
 * text; but a burst parsed in microtasks can hold the event loop for tens of milliseconds, so
 * waiting for the next turn alone would delay the first text by the whole burst.
 */
export interface Coalescer {
  push(text: string): void;
  /** Sends what is waiting now (before a stream ends). */
  flush(): void;
}

export function createCoalescer(send: (text: string) => void, intervalMs: number): Coalescer {
  let pending: string[] = [];
  let lastSent = -Infinity;
  let scheduled = false;
  const flush = () => {
    if (pending.length === 0) return;
    const text = pending.length === 1 ? (pending[0] ?? '') : pending.join('');
    pending = [];
    lastSent = performance.now();
    send(text);
  };
  const drain = () => {
    scheduled = false;
    flush();
  };
  return {
    push(text) {
      pending.push(text);
      if (performance.now() - lastSent >= intervalMs) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(drain);
      }
    },
    flush,
  };
}
