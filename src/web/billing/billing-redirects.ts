import { apiPost } from '../lib/api.ts';
import type { BillingInterval } from './use-billing.ts';

interface RedirectAnswer {
  url: string;
}

/** Where to look for the bought credits after Stripe sends the buyer back (see use-checkout-return.ts). */
export const EXPECTED_CREDITS_KEY = 'kiln:expected-credits';

/** Stripe Checkout for Premium (subscription mode); Stripe brings the buyer back to /account. */
export async function startCheckout(interval: BillingInterval): Promise<void> {
  const { url } = await apiPost<RedirectAnswer>('/api/billing/checkout', { interval });
  window.location.assign(url);
}

/** Stripe's customer portal: cancel, change card, invoices; it returns to /account. */
export async function openCustomerPortal(): Promise<void> {
  const { url } = await apiPost<RedirectAnswer>('/api/billing/portal', {});
  window.location.assign(url);
}

/**
 * Stripe Checkout for `quantity` extra versions (payment mode). The credits expected afterwards
 * are kept for this tab, so the return can wait until the webhook has added them.
 */
export async function buyExtraVersions(quantity: number, currentCredits: number): Promise<void> {
  const { url } = await apiPost<RedirectAnswer>('/api/billing/extra-versions', { quantity });
  try {
    sessionStorage.setItem(EXPECTED_CREDITS_KEY, String(currentCredits + quantity));
  } catch {
    // Storage refused (private mode): the return then shows the credits it finds.
  }
  window.location.assign(url);
}
