import type { Framework } from '../../core/frameworks/index.ts';
import type { MarketplaceCard } from '../../server/marketplace/catalogue.ts';
import type { OwnerListingView } from '../../server/marketplace/listings.ts';
import type { listSales } from '../../server/marketplace/sales.ts';

/** GET /api/marketplace → listings: one card, as the server writes it (src/server/marketplace/catalogue.ts). */
export type MarketplaceListing = Omit<MarketplaceCard, 'framework'> & { framework: Framework };

/** GET|PUT|DELETE /api/chats/:id/listing (owner). */
export type OwnerListing = OwnerListingView;

/** GET /api/me/sales. */
export type Sale = Awaited<ReturnType<typeof listSales>>[number];
