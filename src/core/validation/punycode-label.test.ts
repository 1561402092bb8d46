import { describe, expect, it } from 'vitest';
import { isValidPunycodeLabel } from './punycode-label.ts';

describe('punycode labels are checked by Kiln, not by whichever URL parser runs', () => {
  it('takes plain labels and real punycode', () => {
    for (const label of ['shop', 'a-b', 'xn--bcher-kva', 'XN--BCHER-KVA', 'xn--ls8h', 'xn--80ak6aa92e'])
      expect(isValidPunycodeLabel(label)).toBe(true);
  });

  it('refuses what does not decode, decodes to controls or ASCII, or does not encode back', () => {
    // xn--0a is U+009A and xn--a U+0080 (controls); xn--zz does not decode; xn--abc- is ASCII.
    for (const label of ['xn--0a', 'xn--a', 'xn--zz', 'xn--', 'xn--abc-', 'xn--bcher-kva-'])
      expect(isValidPunycodeLabel(label)).toBe(false);
  });
});
