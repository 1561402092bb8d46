import { invalid, valid, type UserError, type Validation } from '../errors.ts';

/** A listing's price: 1 to 1,000 US dollars, held in cents (Stripe's unit). */
export const LISTING_PRICE_MIN_CENTS = 100;
export const LISTING_PRICE_MAX_CENTS = 100_000;
/** A listing's description: short enough for a card. */
export const LISTING_DESCRIPTION_MAX = 500;

export const LISTING_INPUT_ERRORS = {
  invalidPrice: {
    code: 'invalid-price',
    title: 'Invalid price',
    message: 'The price must be between $1 and $1,000.',
  },
  descriptionTooLong: {
    code: 'description-too-long',
    title: 'Description is too long',
    message: `The description can be at most ${LISTING_DESCRIPTION_MAX} characters.`,
  },
} satisfies Record<string, UserError>;

export interface ListingInput {
  priceCents: number;
  description: string;
}

/** The price and description an owner asks for, checked and normalised (description trimmed). */
export function checkListingInput(input: ListingInput): Validation<ListingInput> {
  const { priceCents } = input;
  if (
    !Number.isInteger(priceCents) ||
    priceCents < LISTING_PRICE_MIN_CENTS ||
    priceCents > LISTING_PRICE_MAX_CENTS
  ) {
    return invalid(LISTING_INPUT_ERRORS.invalidPrice);
  }
  const description = input.description.trim();
  // UTF-16 units, as the browser's maxLength counts them.
  if (description.length > LISTING_DESCRIPTION_MAX) return invalid(LISTING_INPUT_ERRORS.descriptionTooLong);
  return valid({ priceCents, description });
}
