import type { BillingService, CompletedPayment } from '../billing/stripe/service.ts';

/**
 * The part of the billing service the marketplace uses: a one-time Checkout, and a handler for
 * the payments of kind 'marketplace' (called once per paid session, inside the webhook's transaction).
 */
export type MarketplaceBilling = Pick<BillingService, 'startPaymentCheckout' | 'onPaymentCompleted'>;

/** A paid marketplace Checkout as billing hands it over. */
export type PaidListing = CompletedPayment;

export const MARKETPLACE_KIND = 'marketplace';
