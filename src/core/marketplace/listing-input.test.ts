import { describe, expect, it } from 'vitest';
import { checkListingInput, LISTING_INPUT_ERRORS } from './listing-input.ts';

describe('a listing price is 1 to 1,000 US dollars, in whole cents', () => {
  it.each([100, 101, 1999, 100_000])('%i cents is accepted', (priceCents) => {
    expect(checkListingInput({ priceCents, description: '' })).toEqual({
      ok: true,
      value: { priceCents, description: '' },
    });
  });

  it.each([0, 99, 100_001, -100, 150.5, Number.NaN])('%s cents is refused', (priceCents) => {
    expect(checkListingInput({ priceCents, description: '' })).toEqual({
      ok: false,
      error: LISTING_INPUT_ERRORS.invalidPrice,
    });
  });
});

describe('a listing description is at most 500 characters', () => {
  it('keeps 500 characters, trimmed', () => {
    const description = 'a'.repeat(500);
    expect(checkListingInput({ priceCents: 500, description: `  ${description}\n` })).toEqual({
      ok: true,
      value: { priceCents: 500, description },
    });
  });

  it('refuses 501', () => {
    expect(checkListingInput({ priceCents: 500, description: 'a'.repeat(501) })).toEqual({
      ok: false,
      error: LISTING_INPUT_ERRORS.descriptionTooLong,
    });
  });
});
