import { slugifyTitle } from '../validation/index.ts';

const MAX_BASE_WORDS = 6;
const MAX_BASE_CHARS = 48;

/**
 * A chat's readable, unique slug (`/components/{slug}`): the first words of the prompt or title,
 * slugified, plus a short random suffix the caller supplies (core has no randomness).
 * 'Build me a Pricing table!!' + 'x7k2q9' → 'build-me-a-pricing-table-x7k2q9'.
 */
export function buildChatSlug(source: string, suffix: string): string {
  const words = slugifyTitle(source).split('-').filter(Boolean).slice(0, MAX_BASE_WORDS);
  let base = words.join('-');
  if (base.length > MAX_BASE_CHARS) base = base.slice(0, MAX_BASE_CHARS).replace(/-+$/, '');
  return `${base || 'component'}-${suffix}`;
}
