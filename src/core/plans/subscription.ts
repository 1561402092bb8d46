import { PLANS, type Plan } from './catalogue.ts';

/** Subscription statuses as stored (Stripe's vocabulary, which the spec's rule is written in). */
export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Spec §6: premium subscriber = a subscription with status trialing or active. */
export const PREMIUM_STATUSES: readonly SubscriptionStatus[] = ['trialing', 'active'];

export function isPremiumStatus(status: string | null | undefined): boolean {
  return status != null && (PREMIUM_STATUSES as readonly string[]).includes(status);
}

export function planForStatus(status: string | null | undefined): Plan {
  return isPremiumStatus(status) ? PLANS.premium : PLANS.free;
}
