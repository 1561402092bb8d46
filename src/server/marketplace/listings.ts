import { desc, eq } from 'drizzle-orm';
import { checkListingInput, refuseListing, type ListingInput } from '../../core/marketplace/index.ts';
import type { Database } from '../db/client.ts';
import { chats, marketplaceListings } from '../db/schema/index.ts';
import { requireChat, type ChatRow } from '../chats/access.ts';
import { ServiceError } from '../http/errors.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { findLatestFinishedVersion } from './finished-version.ts';

type ListingRow = typeof marketplaceListings.$inferSelect;

/** What the Settings tab shows its owner: the listing (if ever listed) and whether it may be listed now. */
export interface OwnerListingView {
  listing: {
    id: string;
    isActive: boolean;
    version: number;
    priceCents: number;
    description: string;
    updatedAt: string;
  } | null;
  /** The version a listing (or an update) would offer: the newest finished one. */
  finishedVersion: number | null;
  isPrivate: boolean;
  /** Why it cannot be listed now (public, no finished version), or null. */
  refusal: { code: string; message: string } | null;
}

/** A chat has one listing row, listed and unlisted in place (purchases point at it). */
async function findListing(db: Database, chatId: string): Promise<ListingRow | null> {
  const [row] = await db
    .select()
    .from(marketplaceListings)
    .where(eq(marketplaceListings.chatId, chatId))
    .orderBy(desc(marketplaceListings.createdAt))
    .limit(1);
  return row ?? null;
}

async function view(db: Database, viewer: RequestViewer, chat: ChatRow): Promise<OwnerListingView> {
  const [listing, finishedVersion] = await Promise.all([
    findListing(db, chat.id),
    findLatestFinishedVersion(db, chat.id),
  ]);
  const refusal = refuseListing({ viewerId: viewer.user?.id ?? null, chat, finishedVersion });
  return {
    listing: listing && {
      id: listing.id,
      isActive: listing.isActive,
      version: listing.version,
      priceCents: listing.priceCents,
      description: listing.description,
      updatedAt: listing.updatedAt.toISOString(),
    },
    finishedVersion,
    isPrivate: chat.isPrivate,
    refusal: refusal && { code: refusal.code, message: refusal.message },
  };
}

/** GET /api/chats/:id/listing (owner). */
export async function readOwnerListing(db: Database, viewer: RequestViewer, chatId: string) {
  return view(db, viewer, await requireChat(db, viewer, chatId, 'listOnMarketplace'));
}

/**
 * PUT /api/chats/:id/listing: list, or update the price, description and version (the newest
 * finished one). The chat's row is locked, so two saves at once leave one listing.
 */
export async function saveListing(db: Database, viewer: RequestViewer, chatId: string, input: ListingInput) {
  const checked = checkListingInput(input);
  if (!checked.ok) throw ServiceError.fromUserError(checked.error);
  const owned = await requireChat(db, viewer, chatId, 'listOnMarketplace');
  await db.transaction(async (tx) => {
    const [chat] = await tx.select().from(chats).where(eq(chats.id, owned.id)).for('update');
    if (!chat) throw new ServiceError(404, 'not-found', 'Component not found');
    const finishedVersion = await findLatestFinishedVersion(tx, chat.id);
    const refusal = refuseListing({ viewerId: viewer.user?.id ?? null, chat, finishedVersion });
    if (refusal)
      throw new ServiceError(refusal.reason === 'not-owner' ? 403 : 409, refusal.code, refusal.message);
    const values = {
      isActive: true,
      version: finishedVersion!,
      priceCents: checked.value.priceCents,
      description: checked.value.description,
      updatedAt: new Date(),
    };
    const existing = await findListing(tx, chat.id);
    if (existing)
      await tx.update(marketplaceListings).set(values).where(eq(marketplaceListings.id, existing.id));
    else
      await tx
        .insert(marketplaceListings)
        .values({ id: crypto.randomUUID(), chatId: chat.id, sellerId: chat.userId, ...values });
  });
  return readOwnerListing(db, viewer, chatId);
}

/** DELETE /api/chats/:id/listing: unlisted (the sales stay on record); the chat may turn public again. */
export async function removeListing(db: Database, viewer: RequestViewer, chatId: string) {
  const chat = await requireChat(db, viewer, chatId, 'listOnMarketplace');
  await db
    .update(marketplaceListings)
    .set({ isActive: false, updatedAt: new Date() })
    .where(eq(marketplaceListings.chatId, chat.id));
  return view(db, viewer, chat);
}
