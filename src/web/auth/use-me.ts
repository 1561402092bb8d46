import { useQuery } from '@tanstack/react-query';
import type { Plan } from '../../core/plans/index.ts';
import { apiFetch } from '../lib/api.ts';
import { useSession } from './use-session.ts';

/** The premium subscription behind the plan (GET /api/me), from Stripe or granted by an administrator. */
export interface MeSubscription {
  /** Stripe's status vocabulary: trialing, active, past_due, canceled, … */
  status: string;
  interval: 'month' | 'year' | null;
  productName: string | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  /** Canceled in the customer portal: premium until currentPeriodEnd, then free. */
  cancelAtPeriodEnd: boolean;
  source: 'stripe' | 'admin';
}

export interface MeResponse {
  user: {
    id: string;
    fullName: string;
    email: string;
    avatarUrl: string | null;
    /** An administrator who can sign in: /admin opens (the server checks again on each call). */
    isAdmin: boolean;
  } | null;
  plan: Plan;
  isPremium: boolean;
  /** The version quota of the current window (null when signed out). */
  quota: {
    versionLimit: number;
    versionsUsed: number;
    versionsRemaining: number;
    resetsAt: string;
    /** Extra versions bought ($1 each), used once the plan's limit is reached. */
    credits: number;
  } | null;
  /** The premium subscription, if any (null on the free plan). */
  subscription: MeSubscription | null;
}

export const meQueryKey = (userId: string | null) => ['me', userId] as const;

export function fetchMe(signal?: AbortSignal): Promise<MeResponse> {
  return apiFetch<MeResponse>('/api/me', { signal });
}

/** The viewer's account and plan (GET /api/me); refetched when the session changes. */
export function useMe() {
  const { user, isPending } = useSession();
  const userId = user?.id ?? null;
  return useQuery({
    queryKey: meQueryKey(userId),
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: !isPending,
  });
}
