import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { chats, marketplaceListings, marketplacePurchases } from '../db/schema/index.ts';
import { findAssistantMessage } from '../chats/versions.ts';
import { copyVersionAsNewChat } from '../chats/copy-version.ts';
import type { PaidListing } from './billing-port.ts';

/**
 * The handler of a paid marketplace Checkout (billing calls it once per session, in the webhook's
 * transaction): the sale is recorded and the buyer gets a private copy of the listed version — a
 * remix they own (remix_chat_id names the original). The session id is unique, so a second
 * delivery that got this far changes nothing.
 */
export async function completeListingPurchase(payment: PaidListing, tx: Database, log = console.error) {
  const listingId = payment.metadata.listing_id ?? '';
  const version = Number(payment.metadata.version);
  const [listing] = await tx.select().from(marketplaceListings).where(eq(marketplaceListings.id, listingId));
  if (!listing || !Number.isInteger(version)) {
    // The listing went with its component (deleted): nothing to copy or record against.
    log(`marketplace: paid checkout ${payment.checkoutSessionId} names no listing '${listingId}'`);
    return;
  }
  const [purchase] = await tx
    .insert(marketplacePurchases)
    .values({
      id: crypto.randomUUID(),
      listingId: listing.id,
      buyerId: payment.userId,
      sellerId: listing.sellerId,
      version,
      amountCents: payment.amountCents,
      currency: payment.currency,
      checkoutSessionId: payment.checkoutSessionId,
    })
    .onConflictDoNothing({ target: marketplacePurchases.checkoutSessionId })
    .returning();
  if (!purchase) return;

  const [source] = await tx.select().from(chats).where(eq(chats.id, listing.chatId));
  const message = source ? await findAssistantMessage(tx, source.id, version) : null;
  if (!source || !message?.artifactCode) {
    // The seller deleted the version after the buyer paid: the sale stays on record, without a copy.
    log(`marketplace: version ${version} of listing ${listing.id} is gone; no copy for ${purchase.id}`);
    return;
  }
  const title = source.title ?? 'Untitled';
  const copy = await copyVersionAsNewChat(tx, {
    source,
    artifactCode: message.artifactCode,
    userId: payment.userId,
    prompt: `Bought "${title}" (version #${version}) on the marketplace`,
    answer: `Your copy of "${title}", version #${version}, bought on the marketplace.`,
    isPrivate: true,
  });
  await tx
    .update(marketplacePurchases)
    .set({ copyChatId: copy.id })
    .where(eq(marketplacePurchases.id, purchase.id));
}
