import { describe, expect, it } from 'vitest';
import { trimBuildLog } from './trim.ts';

const lines = (count: number, make: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => make(i));

describe("Spec §9: 'Build log over 100 lines is trimmed: 80 lines before a 'Found N error' line, or 5 lines before the first error, else the last 100 lines'", () => {
  it('leaves a log of 100 lines as is', () => {
    const log = lines(100, (i) => `line ${i}`).join('\n');
    expect(trimBuildLog(log)).toBe(log);
  });

  it("keeps the 80 lines before a 'Found N errors' line, and that line", () => {
    const log = [...lines(150, (i) => `line ${i}`), 'Found 3 errors in 2 files.', 'trailer'].join('\n');
    const trimmed = trimBuildLog(log).split('\n');
    expect(trimmed).toHaveLength(81);
    expect(trimmed[0]).toBe('line 70');
    expect(trimmed.at(-1)).toBe('Found 3 errors in 2 files.');
  });

  it('else starts 5 lines before the first error (100 lines at most)', () => {
    const log = [
      ...lines(60, (i) => `info ${i}`),
      'src/App.tsx:3:1: error: boom',
      ...lines(200, (i) => `more ${i}`),
    ].join('\n');
    const trimmed = trimBuildLog(log).split('\n');
    expect(trimmed[0]).toBe('info 55');
    expect(trimmed[5]).toBe('src/App.tsx:3:1: error: boom');
    expect(trimmed).toHaveLength(100);
  });

  it('else keeps the last 100 lines', () => {
    const trimmed = trimBuildLog(lines(101, (i) => `line ${i}`).join('\r\n')).split('\n');
    expect(trimmed).toHaveLength(100);
    expect(trimmed[0]).toBe('line 1');
  });
});
