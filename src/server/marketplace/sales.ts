import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import { chats, marketplaceListings, marketplacePurchases, users } from '../db/schema/index.ts';

const listed = alias(chats, 'listed');
const copies = alias(chats, 'copies');

/** GET /api/me/sales: what the seller sold — buyer, listing, amount, date — newest first. */
export async function listSales(db: Database, sellerId: string) {
  const rows = await db
    .select({
      id: marketplacePurchases.id,
      listingId: marketplacePurchases.listingId,
      title: listed.title,
      slug: listed.slug,
      version: marketplacePurchases.version,
      amountCents: marketplacePurchases.amountCents,
      currency: marketplacePurchases.currency,
      createdAt: marketplacePurchases.createdAt,
      buyerId: users.id,
      buyerName: users.fullName,
      buyerAvatar: users.avatarUrl,
    })
    .from(marketplacePurchases)
    .innerJoin(users, eq(users.id, marketplacePurchases.buyerId))
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplacePurchases.listingId))
    .innerJoin(listed, eq(listed.id, marketplaceListings.chatId))
    .where(eq(marketplacePurchases.sellerId, sellerId))
    .orderBy(desc(marketplacePurchases.createdAt));
  return rows.map(({ buyerId, buyerName, buyerAvatar, createdAt, ...sale }) => ({
    ...sale,
    title: sale.title ?? 'Untitled',
    createdAt: createdAt.toISOString(),
    buyer: { id: buyerId, fullName: buyerName || null, avatarUrl: buyerAvatar },
  }));
}

/** GET /api/me/purchases: the buyer's copies, newest first (a deleted copy keeps its receipt). */
export async function listPurchases(db: Database, buyerId: string) {
  const rows = await db
    .select({
      id: marketplacePurchases.id,
      listingId: marketplacePurchases.listingId,
      title: listed.title,
      version: marketplacePurchases.version,
      amountCents: marketplacePurchases.amountCents,
      currency: marketplacePurchases.currency,
      createdAt: marketplacePurchases.createdAt,
      copyChatId: marketplacePurchases.copyChatId,
      copySlug: copies.slug,
    })
    .from(marketplacePurchases)
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplacePurchases.listingId))
    .innerJoin(listed, eq(listed.id, marketplaceListings.chatId))
    .leftJoin(copies, eq(copies.id, marketplacePurchases.copyChatId))
    .where(eq(marketplacePurchases.buyerId, buyerId))
    .orderBy(desc(marketplacePurchases.createdAt));
  return rows.map(({ copyChatId, copySlug, createdAt, ...purchase }) => ({
    ...purchase,
    title: purchase.title ?? 'Untitled',
    createdAt: createdAt.toISOString(),
    copy: copyChatId && copySlug ? { chatId: copyChatId, slug: copySlug } : null,
  }));
}
