import { useQuery } from '@tanstack/react-query';
import type { Plan } from '../../core/plans/index.ts';
import { apiFetch } from '../lib/api.ts';
import { useSession } from './use-session.ts';

export interface MeResponse {
  user: { id: string; fullName: string; email: string; avatarUrl: string | null } | null;
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
}

export const meQueryKey = (userId: string | null) => ['me', userId] as const;

/** The viewer's account and plan (GET /api/me); refetched when the session changes. */
export function useMe() {
  const { user, isPending } = useSession();
  const userId = user?.id ?? null;
  return useQuery({
    queryKey: meQueryKey(userId),
    queryFn: ({ signal }) => apiFetch<MeResponse>('/api/me', { signal }),
    enabled: !isPending,
  });
}
