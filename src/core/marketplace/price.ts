/** '$12' for whole dollars, '$12.50' otherwise: how a listing's price reads on a card and a button. */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  const text = Number.isInteger(dollars)
    ? dollars.toLocaleString('en-US')
    : dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `$${text}`;
}

/**
 * What a person typed in the price field ('12', '12.5', '$1,000.00') in cents, or null when it is
 * not an amount of dollars with at most two decimals. The range is checked by checkListingInput.
 */
export function parseDollars(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '').trim();
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
