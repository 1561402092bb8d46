// Thousands grouped by a comma, dot, apostrophe or space; up to two decimals.
const AMOUNT = String.raw`\d+(?:[.,' ]\d{3})*(?:[.,]\d{1,2})?`;
const SIGN = String.raw`[$€£¥₹₩₽]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|JPY)\b`;
const PERIOD = String.raw`(?:\s?\/\s?[a-z]{1,6}\b)?`;
const PRICE = new RegExp(
  String.raw`(?:(?:US|CA|A|NZ|R)?(?:${SIGN})\s?${AMOUNT}|${AMOUNT}\s?(?:${SIGN}))${PERIOD}`,
  'gi',
);

/**
 * The prices in a text as the page writes them (issue 35 item 8: a clone keeps them exactly), in
 * order, each once: a currency sign or code before or after the amount, and a period after a
 * slash ('$12', '12,50 €', '€9.99/mo', '$1,299 / year').
 */
export function findPrices(text: string): string[] {
  return [...new Set([...text.matchAll(PRICE)].map((match) => match[0].trim()))];
}

/** Whether a text is nothing but prices ('$12', '€3 · €5'; 'From €3.50' is not). */
export function isOnlyPrices(text: string): boolean {
  return text.trim() !== '' && text.replace(PRICE, '').replace(/[\s·|,–-]/g, '') === '';
}
