import { describe, expect, it } from 'vitest';
import { formatPrice, parseDollars } from './price.ts';

describe('a price reads in dollars', () => {
  it.each([
    [100, '$1'],
    [1250, '$12.50'],
    [1999, '$19.99'],
    [100_000, '$1,000'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatPrice(cents)).toBe(text);
  });
});

describe('the price field is read as dollars with at most two decimals', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.05', 1205],
    [' $1,000.00 ', 100_000],
    ['0', 0],
  ])('%j → %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(['', 'abc', '12.345', '-5', '1e3', '12.', '.5'])('%j is not an amount', (text) => {
    expect(parseDollars(text)).toBeNull();
  });
});
