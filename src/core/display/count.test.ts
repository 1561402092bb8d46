import { describe, expect, it } from 'vitest';
import { formatCount } from './count.ts';

describe('counts are written one way: a comma between thousands', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(2000)).toBe('2,000');
    expect(formatCount(2001)).toBe('2,001');
    expect(formatCount(10000)).toBe('10,000');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('keeps a sign and a fraction as they are', () => {
    expect(formatCount(-12000)).toBe('-12,000');
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});
