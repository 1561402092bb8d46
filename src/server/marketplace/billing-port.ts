import type { Database } from '../db/client.ts';

/**
 * The part of the billing service the marketplace uses (billing/stripe/service.ts): a one-time
 * Checkout, and a handler for the payments of kind 'marketplace' (called once per paid session,
 * inside the webhook's transaction).
 */
export interface MarketplaceBilling {
  startPaymentCheckout(checkout: {
    user: { id: string; email: string; name: string };
    kind: string;
    name: string;
    unitAmountCents: number;
    quantity: number;
    metadata?: Record<string, string>;
    successPath: string;
    cancelPath: string;
  }): Promise<{ url: string }>;
  onPaymentCompleted(kind: string, handler: (payment: PaidListing, tx: Database) => Promise<void>): void;
}

/** A paid marketplace Checkout as billing hands it over. */
export interface PaidListing {
  checkoutSessionId: string;
  userId: string;
  kind: string;
  quantity: number;
  amountCents: number;
  currency: string;
  metadata: Record<string, string>;
}

export const MARKETPLACE_KIND = 'marketplace';
