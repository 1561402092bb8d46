import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRenderThrottle } from './render-throttle.ts';

describe('stream rendering is throttled to 500 ms (spec §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders the first change at once and later ones at most every 500 ms', () => {
    const render = vi.fn();
    const throttle = createRenderThrottle(render, 500);
    throttle.schedule();
    expect(render).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(20);
      throttle.schedule();
    }
    // 400 ms later: still one render, one pending.
    expect(render).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(render).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(2000);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('flush renders the last change right away and drops the pending one', () => {
    const render = vi.fn();
    const throttle = createRenderThrottle(render, 500);
    throttle.schedule();
    throttle.schedule();
    throttle.flush();
    expect(render).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('cancel forgets a pending render', () => {
    const render = vi.fn();
    const throttle = createRenderThrottle(render, 500);
    throttle.schedule();
    throttle.schedule();
    throttle.cancel();
    vi.advanceTimersByTime(1000);
    expect(render).toHaveBeenCalledTimes(1);
  });
});
