import { describe, expect, it } from 'vitest';
import { mergeContinuation } from './merge-continuation.ts';

describe("Spec §4/§9 continuation: 'an overlap of 3–50 characters between the end of the old content and the start of the new is merged'", () => {
  it('removes the repeated part when the model restarts the cut line', () => {
    expect(mergeContinuation('const a = 1;\n  const fo', '  const foo = 2;\n')).toBe(
      'const a = 1;\n  const foo = 2;\n',
    );
  });

  it('takes the longest overlap', () => {
    expect(mergeContinuation('abcabcabc', 'abcabcX')).toBe('abcabcabcX');
  });

  it('merges an overlap of exactly 3 characters, but not of 2', () => {
    expect(mergeContinuation('hello wor', 'wor ld')).toBe('hello wor ld');
    expect(mergeContinuation('hello wo', 'wo rld')).toBe('hello wowo rld');
  });

  it('merges an overlap of exactly 50 characters, but not of 51', () => {
    const fifty = 'x'.repeat(49) + 'y';
    expect(mergeContinuation(`start ${fifty}`, `${fifty} end`)).toBe(`start ${fifty} end`);
    const fiftyOne = 'z' + fifty;
    expect(mergeContinuation(`start ${fiftyOne}`, `${fiftyOne} end`)).not.toBe(`start ${fiftyOne} end`);
  });

  it('concatenates when nothing overlaps', () => {
    expect(mergeContinuation('<div>', '</div>')).toBe('<div></div>');
    expect(mergeContinuation('', 'abc')).toBe('abc');
    expect(mergeContinuation('abc', '')).toBe('abc');
  });
});

describe("Spec §9 continuation: 'inner window up to 20' — the new content's first 20 characters found inside the old content's last 50", () => {
  it('cuts the old content where the model restarted and rewrote the cut-off tail', () => {
    const old = '<ul>\n  <li>One</li>\n  <li>Two</l';
    const addition = '  <li>Two</li>\n  <li>Three</li>\n</ul>';
    expect(mergeContinuation(old, addition)).toBe(
      '<ul>\n  <li>One</li>\n  <li>Two</li>\n  <li>Three</li>\n</ul>',
    );
  });

  it('does not look further back than 50 characters', () => {
    const start = 'const value = compute();';
    const old = `${start}\n${'/'.repeat(60)}`;
    const addition = `${start} // again`;
    expect(mergeContinuation(old, addition)).toBe(old + addition);
  });
});
