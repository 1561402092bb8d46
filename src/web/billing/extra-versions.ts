/** POST /api/billing/extra-versions takes 1–100 versions in one payment. */
export const MIN_EXTRA_VERSIONS = 1;
export const MAX_EXTRA_VERSIONS = 100;
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
