import { z } from 'zod';

/** Premium is sold monthly or yearly (Stripe's recurring intervals). */
export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Extra versions bought at once: enough for a busy month, small enough to mistype safely. */
export const EXTRA_VERSIONS_MIN = 1;
export const EXTRA_VERSIONS_MAX = 100;

export const subscriptionCheckoutInput = z.object({ interval: z.enum(BILLING_INTERVALS) }).strict();

export const extraVersionsInput = z
  .object({ quantity: z.number().int().min(EXTRA_VERSIONS_MIN).max(EXTRA_VERSIONS_MAX) })
  .strict();
