import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { chatQueryKey } from '../../data/chat-query.ts';

/**
 * POST …/versions/:version/restore: a new version equal to the chosen one (issue 17 item 5).
 * Resolves once the chat read holds it, so the caller can select it.
 */
export function useRestoreVersion(slug: string, chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (version: number) => {
      const restored = await apiPost<{ version: number }>(
        `/api/chats/${encodeURIComponent(chatId)}/versions/${version}/restore`,
        {},
      );
      await queryClient.invalidateQueries({ queryKey: chatQueryKey(slug) });
      return restored;
    },
  });
}
