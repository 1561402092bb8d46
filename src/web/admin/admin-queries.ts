import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminAuditEntry,
  AdminChange,
  AdminSystem,
  AdminUser,
  AdminUserPage,
} from '../../core/admin/index.ts';
import { apiFetch, apiPost } from '../lib/api.ts';

/**
 * /admin's reads and changes (docs/api.md "Administration"). Every key starts with 'admin', so a
 * change refreshes the users list and the activity together.
 */
const ADMIN_KEY = ['admin'] as const;
const usersKey = (query: string) => ['admin', 'users', query] as const;

/** How often the build queue and app servers are read again while their tab is shown. */
export const SYSTEM_REFRESH_MS = 10_000;

/** GET /api/admin/users, 50 a page, newest first; `query` matches the email or the name. */
export function useAdminUsers(query: string) {
  return useInfiniteQuery({
    queryKey: usersKey(query),
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ offset: String(pageParam) });
      if (query) params.set('q', query);
      return apiFetch<AdminUserPage>(`/api/admin/users?${params}`, { signal });
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.users.length, 0);
      return loaded < last.total && last.users.length > 0 ? loaded : undefined;
    },
    // The list stays on screen while the next search's answer comes.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/system: the build queue, this process's app servers, deployments and domains. */
export function useAdminSystem() {
  return useQuery({
    queryKey: ['admin', 'system'],
    queryFn: ({ signal }) => apiFetch<AdminSystem>('/api/admin/system', { signal }),
    staleTime: 0,
    // Only while mounted (its tab is shown) and the browser tab is visible.
    refetchInterval: SYSTEM_REFRESH_MS,
  });
}

/** GET /api/admin/audit: the latest administrators' changes, newest first. */
export function useAdminAudit() {
  return useQuery({
    queryKey: ['admin', 'audit'],
    queryFn: async ({ signal }) =>
      (await apiFetch<{ entries: AdminAuditEntry[] }>('/api/admin/audit', { signal })).entries,
    staleTime: 0,
  });
}

/**
 * POST /api/admin/users/:id/changes. A change the rules refuse is a 409 whose message says why
 * (core/admin/rules.ts); the caller shows it.
 */
export function useChangeUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, change }: { userId: string; change: AdminChange }) =>
      apiPost<{ user: AdminUser }>(`/api/admin/users/${encodeURIComponent(userId)}/changes`, change),
    onSuccess: async (_data, { change }) => {
      // A change of one's own role changes /admin's link in the user menu too.
      if (change.kind === 'role') void queryClient.invalidateQueries({ queryKey: ['me'] });
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
  });
}
