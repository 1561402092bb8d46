/**
 * What Kiln stores of a Stripe subscription (spec §3 "Subscription": status, current_period_start,
 * prices), read from the object Stripe sends. Only the fields used are typed, so the rule does not
 * depend on the SDK; since API 2025-03-31 the period lives on the subscription's items.
 */
export interface StripeSubscriptionLike {
  id: string;
  status: string;
  customer: string | { id: string };
  cancel_at_period_end: boolean;
  metadata?: Record<string, string> | null;
  current_period_start?: number;
  current_period_end?: number;
  items: {
    data: Array<{
      current_period_start?: number;
      current_period_end?: number;
      price: { id: string; product: string | { id: string }; recurring?: { interval: string } | null };
    }>;
  };
}

export interface SubscriptionFields {
  id: string;
  status: string;
  priceId: string | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

export function subscriptionFields(subscription: StripeSubscriptionLike): SubscriptionFields {
  const item = subscription.items.data[0];
  const start = item?.current_period_start ?? subscription.current_period_start;
  const end = item?.current_period_end ?? subscription.current_period_end;
  return {
    id: subscription.id,
    status: subscription.status,
    priceId: item?.price.id ?? null,
    currentPeriodStart: start === undefined ? new Date() : fromSeconds(start),
    currentPeriodEnd: end === undefined ? null : fromSeconds(end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

export function customerIdOf(subscription: Pick<StripeSubscriptionLike, 'customer'>): string {
  return typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;
}

/**
 * Stripe does not promise delivery order: an event older than the state stored (by Stripe's own
 * `created`, in seconds) is stale and must not overwrite it. Same second: the later delivery wins.
 */
export function isStaleEvent(storedSourceTime: Date | null, eventCreatedSeconds: number): boolean {
  return storedSourceTime !== null && eventCreatedSeconds * 1000 < storedSourceTime.getTime();
}

/**
 * A renewal's webhook may come a little after the period it renews has ended: a Stripe
 * subscription that is not ending keeps premium this long past its period end.
 */
export const RENEWAL_GRACE_MS = 2 * 24 * 60 * 60 * 1000;
