import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { chats, marketplaceListings, marketplacePurchases, messages, users } from '../db/schema/index.ts';
import type { PreviewService } from '../preview/service.ts';
import { listingPreviewUrl } from './thumbnail.ts';

/** One card of /marketplace. */
export interface MarketplaceCard {
  id: string;
  title: string;
  framework: string;
  version: number;
  priceCents: number;
  description: string;
  listedAt: string;
  seller: { id: string; fullName: string | null; avatarUrl: string | null };
  /** A stored screenshot of the listed version, else its live preview (a one-version token). */
  thumbnail: { screenshot: string | null; previewUrl: string };
  /** The viewer's own listing: where to edit it. */
  sellerSlug: string | null;
  /** The viewer's copy of this listed version, when bought. */
  copy: { chatId: string | null; slug: string | null } | null;
}

/** GET /api/marketplace: every active listing, newest first, as the viewer sees it. */
export async function listMarketplace(
  db: Database,
  preview: Pick<PreviewService, 'previewUrl' | 'secret'>,
  viewerId: string | null,
): Promise<MarketplaceCard[]> {
  const rows = await db
    .select({
      listing: marketplaceListings,
      title: chats.title,
      slug: chats.slug,
      framework: chats.framework,
      previewTokenEpoch: chats.previewTokenEpoch,
      sellerName: users.fullName,
      sellerAvatar: users.avatarUrl,
      screenshot: messages.screenshot,
    })
    .from(marketplaceListings)
    .innerJoin(chats, eq(chats.id, marketplaceListings.chatId))
    .innerJoin(users, eq(users.id, marketplaceListings.sellerId))
    .leftJoin(
      messages,
      and(
        eq(messages.chatId, marketplaceListings.chatId),
        eq(messages.role, 'assistant'),
        eq(messages.version, marketplaceListings.version),
      ),
    )
    // A listing shows only while its component is private (the rule changeVisibility keeps).
    .where(and(eq(marketplaceListings.isActive, true), eq(chats.isPrivate, true)))
    .orderBy(desc(marketplaceListings.updatedAt));

  const copies = new Map<string, { chatId: string | null; slug: string | null }>();
  if (viewerId && rows.length > 0) {
    const bought = await db
      .select({
        listingId: marketplacePurchases.listingId,
        version: marketplacePurchases.version,
        chatId: marketplacePurchases.copyChatId,
        slug: chats.slug,
      })
      .from(marketplacePurchases)
      .leftJoin(chats, eq(chats.id, marketplacePurchases.copyChatId))
      .where(
        and(
          eq(marketplacePurchases.buyerId, viewerId),
          inArray(
            marketplacePurchases.listingId,
            rows.map((row) => row.listing.id),
          ),
        ),
      );
    for (const copy of bought)
      copies.set(`${copy.listingId}:${copy.version}`, { chatId: copy.chatId, slug: copy.slug });
  }

  return rows.map(({ listing, ...row }) => ({
    id: listing.id,
    title: row.title ?? 'Untitled',
    framework: row.framework,
    version: listing.version,
    priceCents: listing.priceCents,
    description: listing.description,
    listedAt: listing.createdAt.toISOString(),
    seller: { id: listing.sellerId, fullName: row.sellerName || null, avatarUrl: row.sellerAvatar },
    thumbnail: {
      screenshot: row.screenshot,
      previewUrl: listingPreviewUrl(preview, {
        chatId: listing.chatId,
        version: listing.version,
        epoch: row.previewTokenEpoch,
      }),
    },
    sellerSlug: viewerId === listing.sellerId ? row.slug : null,
    copy: copies.get(`${listing.id}:${listing.version}`) ?? null,
  }));
}
