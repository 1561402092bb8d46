import { describe, expect, it } from 'vitest';
import { isVersionNumber, MAX_VERSION_NUMBER, parseVersionNumber } from './version-number.ts';

describe('version number: a positive 32-bit integer, from a URL, a query, a body or a host name', () => {
  it('reads canonical decimal strings and integers from 1 to 2147483647', () => {
    expect(parseVersionNumber('1')).toBe(1);
    expect(parseVersionNumber('42')).toBe(42);
    expect(parseVersionNumber('2147483647')).toBe(MAX_VERSION_NUMBER);
    expect(parseVersionNumber(7)).toBe(7);
    expect(parseVersionNumber(MAX_VERSION_NUMBER)).toBe(MAX_VERSION_NUMBER);
  });

  it('refuses numbers outside 1..2147483647', () => {
    for (const raw of ['0', '2147483648', '99999999999', '12345678901234567890', 0, -1, 2 ** 31, 1e21]) {
      expect(parseVersionNumber(raw)).toBeNull();
    }
  });

  it('refuses anything that is not plain digits', () => {
    const refused = [
      '',
      'abc',
      '1.5',
      '-1',
      '+1',
      '01',
      ' 1',
      '1 ',
      '1e3',
      '0x10',
      '١',
      '１',
      'Infinity',
      'NaN',
    ];
    for (const raw of refused) expect(parseVersionNumber(raw)).toBeNull();
    for (const raw of [1.5, Number.NaN, Infinity, null, undefined, true, {}, [1], 1n]) {
      expect(parseVersionNumber(raw)).toBeNull();
    }
  });

  it('isVersionNumber agrees with the parser on numbers', () => {
    expect(isVersionNumber(1)).toBe(true);
    expect(isVersionNumber(MAX_VERSION_NUMBER + 1)).toBe(false);
    expect(isVersionNumber(2.5)).toBe(false);
  });
});
