import { describe, expect, it } from 'vitest';
import { checkExtraVersionQuantity } from './extra-versions.ts';

describe('checkExtraVersionQuantity (one payment buys 1–100 extra versions)', () => {
  it('accepts whole numbers from 1 to 100', () => {
    expect(checkExtraVersionQuantity('1')).toEqual({ quantity: 1, error: null });
    expect(checkExtraVersionQuantity(' 10 ')).toEqual({ quantity: 10, error: null });
    expect(checkExtraVersionQuantity('100')).toEqual({ quantity: 100, error: null });
  });

  it('refuses 0, 101, fractions, negatives and empty text with one message', () => {
    for (const text of ['0', '101', '2.5', '-3', '', 'ten', '1e2']) {
      expect(checkExtraVersionQuantity(text)).toEqual({
        quantity: null,
        error: 'Choose a whole number from 1 to 100.',
      });
    }
  });
});
