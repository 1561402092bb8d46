import { describe, expect, it } from 'vitest';
import { isScrolledToBottom, lineTime, serverStateLabel } from './app-server-view.ts';

describe("the Logs view's words (issue 22 item 5)", () => {
  it('names each state; a crash says why', () => {
    expect(serverStateLabel({ state: 'running' })).toBe('Running');
    expect(serverStateLabel({ state: 'starting' })).toBe('Starting');
    expect(serverStateLabel({ state: 'stopped' })).toBe('Stopped');
    expect(serverStateLabel({ state: 'crashed', lastError: 'exited with code 1' })).toBe(
      'Crashed: exited with code 1',
    );
    expect(serverStateLabel({ state: 'crashed' })).toBe('Crashed');
  });

  it('follows new lines only while the reader is at the end', () => {
    expect(isScrolledToBottom({ scrollTop: 800, clientHeight: 200, scrollHeight: 1000 })).toBe(true);
    expect(isScrolledToBottom({ scrollTop: 795.5, clientHeight: 200, scrollHeight: 1000 })).toBe(true);
    expect(isScrolledToBottom({ scrollTop: 400, clientHeight: 200, scrollHeight: 1000 })).toBe(false);
    expect(isScrolledToBottom({ scrollTop: 0, clientHeight: 200, scrollHeight: 150 })).toBe(true);
  });

  it("a line's time as HH:MM:SS; nothing for a broken time", () => {
    expect(lineTime('2026-11-24T09:48:45.123Z')).toMatch(/^\d\d:\d\d:45$/);
    expect(lineTime('not a time')).toBe('');
  });
});
