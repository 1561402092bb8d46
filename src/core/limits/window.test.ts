import { describe, expect, it } from 'vitest';
import { countRequest, isWindowOver, judgeWindow, type WindowState } from './window.ts';

const rule = { max: 3, windowMs: 60_000 };

describe('fixed window counting', () => {
  it('the first request opens a window that ends windowMs later', () => {
    expect(countRequest(null, 1_000, rule)).toEqual({ count: 1, resetsAt: 61_000 });
  });

  it('allows max requests in a window and refuses the next until it ends', () => {
    let state: WindowState | null = null;
    const verdicts = [];
    for (let second = 0; second < 5; second++) {
      state = countRequest(state, 1_000 + second * 1000, rule);
      verdicts.push(judgeWindow(state, 1_000 + second * 1000, rule));
    }
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, true, false, false]);
    // Refused at 4 s and 5 s into a window ending at 61 s: 57 and 56 seconds to wait.
    expect(verdicts[3]!.retryAfterSeconds).toBe(57);
    expect(verdicts[4]!.retryAfterSeconds).toBe(56);
    // Refusals do not move the end of the window.
    expect(state!.resetsAt).toBe(61_000);
  });

  it('a new window starts once the old one is over', () => {
    const full: WindowState = { count: 9, resetsAt: 61_000 };
    expect(isWindowOver(full, 60_999)).toBe(false);
    expect(isWindowOver(full, 61_000)).toBe(true);
    const next = countRequest(full, 61_000, rule);
    expect(next).toEqual({ count: 1, resetsAt: 121_000 });
    expect(judgeWindow(next, 61_000, rule).allowed).toBe(true);
  });

  it('Retry-After is whole seconds, at least 1', () => {
    expect(judgeWindow({ count: 4, resetsAt: 10_001 }, 10_000, rule).retryAfterSeconds).toBe(1);
    expect(judgeWindow({ count: 4, resetsAt: 11_500 }, 10_000, rule).retryAfterSeconds).toBe(2);
  });
});
