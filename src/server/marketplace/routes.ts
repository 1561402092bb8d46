import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { requireUser } from '../chats/access.ts';
import type { PreviewService } from '../preview/service.ts';
import { ServiceError } from '../http/errors.ts';
import { INVALID_REQUEST } from '../http/validate.ts';
import type { AppEnv } from '../http/viewer.ts';
import { MARKETPLACE_KIND, type MarketplaceBilling } from './billing-port.ts';
import { listMarketplace } from './catalogue.ts';
import { startListingCheckout } from './checkout.ts';
import { readOwnerListing, removeListing, saveListing } from './listings.ts';
import { completeListingPurchase } from './purchase.ts';
import { listPurchases, listSales } from './sales.ts';

export interface MarketplaceDeps {
  db: Database;
  preview: Pick<PreviewService, 'previewUrl' | 'secret'>;
  /** null without Stripe keys: the marketplace is hidden (every route answers 404). */
  billing: MarketplaceBilling | null;
}

/** The shape a price and description arrive in; their rules are core's (checkListingInput). */
const listingBody = z.object({ priceCents: z.number(), description: z.string().default('') }).strict();

/**
 * `GET /api/marketplace`, `POST /api/marketplace/:listingId/checkout`,
 * `GET|PUT|DELETE /api/chats/:id/listing` (owner), `GET /api/me/sales`, `GET /api/me/purchases`.
 * Registers the handler that turns a paid marketplace Checkout into the buyer's copy.
 */
export function marketplaceRoutes({ db, preview, billing }: MarketplaceDeps) {
  billing?.onPaymentCompleted(MARKETPLACE_KIND, (payment, tx) => completeListingPurchase(payment, tx));
  // Checked in each handler: a `use` on a path would be listed among the app's routes.
  const open = (): MarketplaceBilling => {
    if (!billing)
      throw new ServiceError(404, 'billing-disabled', 'The marketplace is not available on this server.');
    return billing;
  };
  return new Hono<AppEnv>()
    .get('/marketplace', async (c) => {
      open();
      return c.json({ listings: await listMarketplace(db, preview, c.var.viewer.user?.id ?? null) });
    })
    .post('/marketplace/:listingId/checkout', async (c) =>
      c.json(await startListingCheckout(db, open(), c.var.viewer, c.req.param('listingId'))),
    )
    .get('/chats/:id/listing', async (c) => {
      open();
      return c.json(await readOwnerListing(db, c.var.viewer, c.req.param('id')));
    })
    .put('/chats/:id/listing', async (c) => {
      open();
      const raw: unknown = await c.req.json().catch(() => {
        throw new ServiceError(400, INVALID_REQUEST, 'The request body is not JSON.');
      });
      const body = listingBody.parse(raw);
      return c.json(await saveListing(db, c.var.viewer, c.req.param('id'), body));
    })
    .delete('/chats/:id/listing', async (c) => {
      open();
      return c.json(await removeListing(db, c.var.viewer, c.req.param('id')));
    })
    .get('/me/sales', async (c) => {
      open();
      return c.json({ sales: await listSales(db, requireUser(c.var.viewer).id) });
    })
    .get('/me/purchases', async (c) => {
      open();
      return c.json({ purchases: await listPurchases(db, requireUser(c.var.viewer).id) });
    });
}
