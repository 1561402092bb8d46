import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api.ts';
import type { ChatCodeHost, PullResult, PushResult } from '../../lib/codehost-types.ts';
import { chatQueryKey } from './chat-query.ts';
import { chatCodeHostPath, useChatCodeHostCache } from './codehost-query.ts';

/** createGithubRepo (spec §7): POST /api/chats/:id/codehost/repo → the chat's sync state, now linked. */
export function useCreateRepository(slug: string, chatId: string) {
  const cache = useChatCodeHostCache(chatId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; private: boolean }) =>
      apiPost<ChatCodeHost>(`${chatCodeHostPath(chatId)}/repo`, input),
    onSuccess: (value) => {
      cache.set(value);
      // ChatData carries github_repo_name / url too.
      void queryClient.invalidateQueries({ queryKey: chatQueryKey(slug) });
    },
  });
}

/**
 * syncComponentToGithub (spec §7): pushes one version; `force` replaces the branch ('Override
 * GitHub'). 'Last synced:' follows the answer, and the synced version is asked again.
 */
export function usePush(chatId: string) {
  const cache = useChatCodeHostCache(chatId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; force?: boolean }) =>
      apiPost<PushResult>(`${chatCodeHostPath(chatId)}/push`, input),
    onSuccess: (result) => {
      if (result.lastSync) cache.update({ lastSync: result.lastSync });
      void queryClient.invalidateQueries({ queryKey: ['codehost', 'chat', chatId] });
    },
  });
}

/**
 * pullFromGithub (spec §7): the branch head becomes a new version (is_github_pull). The chat is
 * read again before the mutation settles, so the caller can select the new version at once.
 */
export function usePull(slug: string, chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const result = await apiPost<PullResult>(`${chatCodeHostPath(chatId)}/pull`, {});
      if (result.version !== null) await queryClient.invalidateQueries({ queryKey: chatQueryKey(slug) });
      return result;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['codehost', 'chat', chatId] }),
  });
}
