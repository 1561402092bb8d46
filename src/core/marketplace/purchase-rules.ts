/**
 * Who may buy a listing: a signed-in person who is not its seller, while it is active, once per
 * listed version (a new version listed later can be bought again).
 */

export type PurchaseRefusalReason =
  'unauthenticated' | 'listing-unavailable' | 'own-listing' | 'already-bought';

export interface PurchaseRefusal {
  reason: PurchaseRefusalReason;
  code: string;
  message: string;
}

export const PURCHASE_REFUSALS: Record<PurchaseRefusalReason, PurchaseRefusal> = {
  unauthenticated: {
    reason: 'unauthenticated',
    code: 'unauthenticated',
    message: 'Please sign in to buy a component.',
  },
  'listing-unavailable': {
    reason: 'listing-unavailable',
    code: 'listing-unavailable',
    message: 'This listing is no longer on the marketplace.',
  },
  'own-listing': {
    reason: 'own-listing',
    code: 'own-listing',
    message: 'This is your own listing.',
  },
  'already-bought': {
    reason: 'already-bought',
    code: 'already-bought',
    message: 'You already bought this version. Open your copy instead.',
  },
};

export interface PurchaseCandidate {
  viewerId: string | null;
  listing: { sellerId: string; isActive: boolean; version: number } | null;
  /** The listing's versions the viewer already bought. */
  boughtVersions: readonly number[];
}

/** null when the viewer may buy the listing as it stands; otherwise why not. */
export function refusePurchase({
  viewerId,
  listing,
  boughtVersions,
}: PurchaseCandidate): PurchaseRefusal | null {
  if (viewerId === null) return PURCHASE_REFUSALS.unauthenticated;
  if (!listing || !listing.isActive) return PURCHASE_REFUSALS['listing-unavailable'];
  if (listing.sellerId === viewerId) return PURCHASE_REFUSALS['own-listing'];
  if (boughtVersions.includes(listing.version)) return PURCHASE_REFUSALS['already-bought'];
  return null;
}
