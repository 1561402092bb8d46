export interface RenderThrottle {
  /** Something changed: render now if the last render is old enough, else once the interval ends. */
  schedule(): void;
  /** Render right away (the stream ended) and cancel a pending render. */
  flush(): void;
  cancel(): void;
}

interface Clock {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realClock: Clock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Spec §9 'stream rendering throttled to 500 ms': the first change renders at once, later
 * changes at most once per interval, and the last change is never lost.
 */
export function createRenderThrottle(render: () => void, intervalMs: number, clock: Clock = realClock) {
  let lastRender = Number.NEGATIVE_INFINITY;
  let pending: unknown = null;

  const run = () => {
    pending = null;
    lastRender = clock.now();
    render();
  };

  const throttle: RenderThrottle = {
    schedule() {
      if (pending !== null) return;
      const wait = lastRender + intervalMs - clock.now();
      if (wait <= 0) run();
      else pending = clock.setTimeout(run, wait);
    },
    flush() {
      if (pending !== null) clock.clearTimeout(pending);
      run();
    },
    cancel() {
      if (pending !== null) clock.clearTimeout(pending);
      pending = null;
    },
  };
  return throttle;
}
