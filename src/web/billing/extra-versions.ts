import { EXTRA_VERSIONS_MAX, EXTRA_VERSIONS_MIN } from '../../core/billing/index.ts';

/** POST /api/billing/extra-versions takes 1–100 versions in one payment (the server's own bounds). */
export const MIN_EXTRA_VERSIONS = EXTRA_VERSIONS_MIN;
export const MAX_EXTRA_VERSIONS = EXTRA_VERSIONS_MAX;
export const DEFAULT_EXTRA_VERSIONS = 10;

export type QuantityCheck = { quantity: number; error: null } | { quantity: null; error: string };

/** The picker's text as a quantity, or why it cannot be bought. */
export function checkExtraVersionQuantity(text: string): QuantityCheck {
  const trimmed = text.trim();
  const quantity = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isInteger(quantity) || quantity < MIN_EXTRA_VERSIONS || quantity > MAX_EXTRA_VERSIONS) {
    return {
      quantity: null,
      error: `Choose a whole number from ${MIN_EXTRA_VERSIONS} to ${MAX_EXTRA_VERSIONS}.`,
    };
  }
  return { quantity, error: null };
}
