import { describe, expect, it } from 'vitest';
import { canContinueVersion, isCutOff, isIncompleteVersion } from './version-end.ts';

describe("Spec §4 'Finish reason length or error sets an error flag that enables Continue generation'", () => {
  it('length and error are cut off; stop and a running answer are not', () => {
    expect(isCutOff('length')).toBe(true);
    expect(isCutOff('error')).toBe(true);
    expect(isCutOff('stop')).toBe(false);
    expect(isCutOff(null)).toBe(false);
  });
});

describe('Continue generation is offered on the newest version only', () => {
  it('offers it on a cut-off newest version', () => {
    expect(canContinueVersion({ finishReason: 'length', version: 1, latestVersion: 1 })).toBe(true);
    expect(canContinueVersion({ finishReason: 'error', version: 3, latestVersion: 3 })).toBe(true);
  });

  it('not on version 1 once version 2 exists (its continuation, or any later prompt)', () => {
    expect(canContinueVersion({ finishReason: 'length', version: 1, latestVersion: 2 })).toBe(false);
    expect(canContinueVersion({ finishReason: 'error', version: 1, latestVersion: 2 })).toBe(false);
  });

  it('not on a complete version, nor without a version', () => {
    expect(canContinueVersion({ finishReason: 'stop', version: 2, latestVersion: 2 })).toBe(false);
    expect(canContinueVersion({ finishReason: 'length', version: null, latestVersion: null })).toBe(false);
  });
});

describe('A version that ended midway is incomplete (its preview says so)', () => {
  it('an error finish (stop, failure, timeout) is incomplete, newest or not', () => {
    expect(isIncompleteVersion({ finishReason: 'error', version: 1, latestVersion: 1 })).toBe(true);
    expect(isIncompleteVersion({ finishReason: 'error', version: 1, latestVersion: 2 })).toBe(true);
  });

  it('the newest length finish keeps the token-limit panel; a superseded one is incomplete', () => {
    expect(isIncompleteVersion({ finishReason: 'length', version: 2, latestVersion: 2 })).toBe(false);
    expect(isIncompleteVersion({ finishReason: 'length', version: 1, latestVersion: 2 })).toBe(true);
  });

  it('a complete or running answer is not', () => {
    expect(isIncompleteVersion({ finishReason: 'stop', version: 1, latestVersion: 2 })).toBe(false);
    expect(isIncompleteVersion({ finishReason: null, version: 2, latestVersion: 2 })).toBe(false);
  });
});
