import { describe, expect, it } from 'vitest';
import { PURCHASE_REFUSALS, refusePurchase } from './purchase-rules.ts';

const listing = { sellerId: 'seller-1', isActive: true, version: 3 };

describe('who may buy a listing: signed in, not the seller, not already owning that version', () => {
  it('another signed-in person may', () => {
    expect(refusePurchase({ viewerId: 'buyer-1', listing, boughtVersions: [] })).toBeNull();
  });

  it('a visitor must sign in', () => {
    expect(refusePurchase({ viewerId: null, listing, boughtVersions: [] })).toBe(
      PURCHASE_REFUSALS.unauthenticated,
    );
  });

  it('the seller may not buy their own listing', () => {
    expect(refusePurchase({ viewerId: 'seller-1', listing, boughtVersions: [] })).toBe(
      PURCHASE_REFUSALS['own-listing'],
    );
  });

  it('an unlisted or missing listing cannot be bought', () => {
    expect(
      refusePurchase({ viewerId: 'buyer-1', listing: { ...listing, isActive: false }, boughtVersions: [] }),
    ).toBe(PURCHASE_REFUSALS['listing-unavailable']);
    expect(refusePurchase({ viewerId: 'buyer-1', listing: null, boughtVersions: [] })).toBe(
      PURCHASE_REFUSALS['listing-unavailable'],
    );
  });

  it('the same listed version is bought once; a newer listed version can be bought again', () => {
    expect(refusePurchase({ viewerId: 'buyer-1', listing, boughtVersions: [3] })).toBe(
      PURCHASE_REFUSALS['already-bought'],
    );
    expect(refusePurchase({ viewerId: 'buyer-1', listing, boughtVersions: [1, 2] })).toBeNull();
  });
});
