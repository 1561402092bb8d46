import { describe, expect, it } from 'vitest';
import { applyEdits } from './text-edits.ts';

describe('applyEdits', () => {
  it('applies edits by their original offsets, insertions at one offset in order', () => {
    expect(
      applyEdits('abcdef', [
        { start: 4, end: 6, text: 'EF' },
        { start: 0, end: 1, text: 'A' },
        { start: 2, end: 2, text: '1' },
        { start: 2, end: 2, text: '2' },
      ]),
    ).toBe('Ab12cdEF');
  });

  it('refuses overlapping edits', () => {
    expect(() =>
      applyEdits('abcdef', [
        { start: 0, end: 3, text: '' },
        { start: 2, end: 4, text: '' },
      ]),
    ).toThrow();
  });
});
