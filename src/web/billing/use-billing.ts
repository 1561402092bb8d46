import { useQuery } from '@tanstack/react-query';
import type { BillingInterval } from '../../core/billing/index.ts';
import { apiFetch } from '../lib/api.ts';

export type { BillingInterval };

export interface Price {
  amountCents: number;
  currency: string;
}

/** GET /api/billing: whether this server takes payments (Stripe keys set) and Premium's prices. */
export interface BillingInfo {
  enabled: boolean;
  prices: Record<BillingInterval, Price | null>;
  extraVersionPriceCents: number;
  marketplace: boolean;
}

export const billingQueryKey = ['billing'] as const;

/** Whether online payment is on and at what prices; the same for every viewer. */
export function useBilling() {
  return useQuery({
    queryKey: billingQueryKey,
    queryFn: ({ signal }) => apiFetch<BillingInfo>('/api/billing', { signal }),
    // Prices change only when the administrator changes the Stripe catalogue.
    staleTime: 5 * 60_000,
  });
}
