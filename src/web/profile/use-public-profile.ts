import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';
import type { PublicProfile } from './profile-types.ts';

export function usePublicProfile(userId: string) {
  return useQuery({
    queryKey: ['users', userId],
    queryFn: ({ signal }) => apiFetch<PublicProfile>(`/api/users/${encodeURIComponent(userId)}`, { signal }),
  });
}
