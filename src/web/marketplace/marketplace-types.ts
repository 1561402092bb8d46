import type { Framework } from '../../core/frameworks/index.ts';

/** GET /api/marketplace → listings: one card (src/server/marketplace/catalogue.ts). */
export interface MarketplaceListing {
  id: string;
  title: string;
  framework: Framework;
  version: number;
  priceCents: number;
  description: string;
  listedAt: string;
  seller: { id: string; fullName: string | null; avatarUrl: string | null };
  thumbnail: { screenshot: string | null; previewUrl: string };
  /** Set on the viewer's own listing. */
  sellerSlug: string | null;
  /** The viewer's copy of this listed version, once bought. */
  copy: { chatId: string | null; slug: string | null } | null;
}

/** GET|PUT|DELETE /api/chats/:id/listing (owner). */
export interface OwnerListing {
  listing: {
    id: string;
    isActive: boolean;
    version: number;
    priceCents: number;
    description: string;
    updatedAt: string;
  } | null;
  finishedVersion: number | null;
  isPrivate: boolean;
  refusal: { code: string; message: string } | null;
}

/** GET /api/me/sales. */
export interface Sale {
  id: string;
  listingId: string;
  title: string;
  slug: string;
  version: number;
  amountCents: number;
  currency: string;
  createdAt: string;
  buyer: { id: string; fullName: string | null; avatarUrl: string | null };
}
