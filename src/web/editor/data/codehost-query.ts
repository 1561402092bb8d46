import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import type { ChatCodeHost } from '../../lib/codehost-types.ts';

export const chatCodeHostQueryKey = (chatId: string) => ['codehost', 'chat', chatId] as const;

const chatPath = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/codehost`;
export { chatPath as chatCodeHostPath };

/**
 * GET /api/chats/:id/codehost: the viewer's connection, the linked repository and the last sync
 * (authorized + premium; the tab asks only then).
 */
export function chatCodeHostQueryOptions(chatId: string, enabled: boolean) {
  return queryOptions({
    queryKey: chatCodeHostQueryKey(chatId),
    queryFn: ({ signal }) => apiFetch<ChatCodeHost>(chatPath(chatId), { signal }),
    enabled,
    staleTime: 10_000,
  });
}

/** Writes a fresh answer of the chat's sync state into the cache, or merges part of one. */
export function useChatCodeHostCache(chatId: string) {
  const queryClient = useQueryClient();
  const key = chatCodeHostQueryKey(chatId);
  return {
    set(value: ChatCodeHost) {
      queryClient.setQueryData(key, value);
    },
    update(patch: Partial<ChatCodeHost>) {
      queryClient.setQueryData<ChatCodeHost>(key, (current) =>
        current ? { ...current, ...patch } : current,
      );
    },
    /** The server is the judge of the connection (a refused token, a new one): ask it again. */
    refresh() {
      return queryClient.invalidateQueries({ queryKey: ['codehost'] });
    },
  };
}
