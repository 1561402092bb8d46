import { describe, expect, it } from 'vitest';
import { formatPrice, yearlySaving } from './format-price.ts';

const usd = (amountCents: number) => ({ amountCents, currency: 'usd' });

describe('formatPrice', () => {
  it('shows whole dollar amounts without cents (spec §9: "$1 each")', () => {
    expect(formatPrice(usd(100))).toBe('$1');
    expect(formatPrice(usd(2000))).toBe('$20');
    expect(formatPrice(usd(20_000))).toBe('$200');
  });

  it('shows other amounts with two decimals and the currency Stripe names', () => {
    expect(formatPrice(usd(1667))).toBe('$16.67');
    expect(formatPrice(usd(1050))).toBe('$10.50');
    expect(formatPrice({ amountCents: 900, currency: 'eur' })).toBe('€9');
  });
});

describe('yearlySaving', () => {
  it('compares the yearly price with twelve monthly payments', () => {
    expect(yearlySaving(usd(2000), usd(20_000))).toEqual({
      perMonth: usd(1667),
      saved: usd(4000),
      percent: 17,
    });
  });

  it('is null when paying yearly saves nothing, a price is missing or the currencies differ', () => {
    expect(yearlySaving(usd(2000), usd(24_000))).toBeNull();
    expect(yearlySaving(usd(2000), usd(30_000))).toBeNull();
    expect(yearlySaving(null, usd(20_000))).toBeNull();
    expect(yearlySaving(usd(2000), null)).toBeNull();
    expect(yearlySaving(usd(2000), { amountCents: 20_000, currency: 'eur' })).toBeNull();
  });
});
