import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import type { EditorChatData } from './chat-types.ts';

export const chatQueryKey = (slug: string) => ['chat', slug] as const;
export const snapshotQueryKey = (chatId: string, version: number) => ['snapshot', chatId, version] as const;

/**
 * One chat by slug. `initialVersion` (the ?v= of the first visit) makes the server include that
 * version's snapshot, so a shared link to an older version opens in one request.
 */
export function chatQueryOptions(slug: string, initialVersion: number | null) {
  const search = initialVersion === null ? '' : `?v=${initialVersion}`;
  return queryOptions({
    queryKey: chatQueryKey(slug),
    queryFn: ({ signal }) =>
      apiFetch<EditorChatData>(`/api/chats/by-slug/${encodeURIComponent(slug)}${search}`, { signal }),
    staleTime: 60_000,
  });
}

export interface SnapshotResponse {
  version: number;
  artifactCode: string | null;
}

export function fetchSnapshot(chatId: string, version: number, signal?: AbortSignal) {
  return apiFetch<SnapshotResponse>(`/api/chats/${encodeURIComponent(chatId)}/versions/${version}/snapshot`, {
    signal,
  });
}
