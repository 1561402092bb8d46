import { and, eq } from 'drizzle-orm';
import { refusePurchase } from '../../core/marketplace/index.ts';
import type { Database } from '../db/client.ts';
import { chats, marketplaceListings, marketplacePurchases } from '../db/schema/index.ts';
import { ServiceError } from '../http/errors.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { MARKETPLACE_KIND, type MarketplaceBilling } from './billing-port.ts';

const REFUSAL_STATUS = {
  unauthenticated: 401,
  'listing-unavailable': 404,
  'own-listing': 409,
  'already-bought': 409,
} as const;

/**
 * POST /api/marketplace/:listingId/checkout → Stripe Checkout for the listed version. The
 * listing id and version travel in the session's metadata: the payment handler copies exactly
 * the version the buyer saw, even if the seller updates the listing meanwhile.
 */
export async function startListingCheckout(
  db: Database,
  billing: Pick<MarketplaceBilling, 'startPaymentCheckout'>,
  viewer: RequestViewer,
  listingId: string,
): Promise<{ url: string }> {
  const [found] = await db
    .select({ listing: marketplaceListings, title: chats.title, isPrivate: chats.isPrivate })
    .from(marketplaceListings)
    .innerJoin(chats, eq(chats.id, marketplaceListings.chatId))
    .where(eq(marketplaceListings.id, listingId))
    .limit(1);
  const listing = found && found.isPrivate ? found.listing : null;
  const viewerId = viewer.user?.id ?? null;
  const bought =
    viewerId && listing
      ? await db
          .select({ version: marketplacePurchases.version })
          .from(marketplacePurchases)
          .where(
            and(eq(marketplacePurchases.listingId, listing.id), eq(marketplacePurchases.buyerId, viewerId)),
          )
      : [];
  const refusal = refusePurchase({ viewerId, listing, boughtVersions: bought.map((row) => row.version) });
  if (refusal) throw new ServiceError(REFUSAL_STATUS[refusal.reason], refusal.code, refusal.message);
  const { user } = viewer;
  return billing.startPaymentCheckout({
    user: { id: user!.id, email: user!.email, name: user!.name },
    kind: MARKETPLACE_KIND,
    name: found!.title ?? 'Untitled component',
    unitAmountCents: listing!.priceCents,
    quantity: 1,
    metadata: { listing_id: listing!.id, version: String(listing!.version) },
    successPath: `/marketplace?bought=${encodeURIComponent(listing!.id)}`,
    cancelPath: '/marketplace',
  });
}
