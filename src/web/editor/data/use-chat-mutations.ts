import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from '../../lib/api.ts';
import { chatQueryKey, snapshotQueryKey } from './chat-query.ts';
import type { EditorChatData } from './chat-types.ts';

/** Updates the cached chat read in place (no refetch of every message). */
export function useUpdateChatCache(slug: string) {
  const queryClient = useQueryClient();
  return (update: (data: EditorChatData) => EditorChatData) => {
    queryClient.setQueryData<EditorChatData>(chatQueryKey(slug), (current) =>
      current ? update(current) : current,
    );
  };
}

export function useToggleLike(slug: string, chatId: string) {
  const update = useUpdateChatCache(slug);
  return useMutation({
    mutationFn: () => apiPost<{ isLiked: boolean; likeCount: number }>(`/api/chats/${chatId}/like`, {}),
    onSuccess: ({ isLiked, likeCount }) => update((data) => ({ ...data, isLiked, likeCount })),
  });
}

export function useChangeVisibility(slug: string, chatId: string) {
  const update = useUpdateChatCache(slug);
  return useMutation({
    mutationFn: (isPublic: boolean) =>
      apiPost<{ isPrivate: boolean }>(`/api/chats/${chatId}/visibility`, { isPublic }),
    onSuccess: ({ isPrivate }) => update((data) => ({ ...data, chat: { ...data.chat, isPrivate } })),
  });
}

export function useRemix(chatId: string) {
  return useMutation({
    mutationFn: (version: number) =>
      apiPost<{ chatId: string; slug: string; version: number }>(`/api/chats/${chatId}/remix`, { version }),
  });
}

export function useChangeTheme(slug: string, chatId: string) {
  const queryClient = useQueryClient();
  const update = useUpdateChatCache(slug);
  return useMutation({
    mutationFn: (input: { theme: string; version: number }) =>
      apiPost<{ changed: boolean; theme: string; artifactCode: string }>(`/api/chats/${chatId}/theme`, input),
    onSuccess: (result, input) => {
      if (!result.changed) return;
      queryClient.setQueryData(snapshotQueryKey(chatId, input.version), result.artifactCode);
      update((data) => ({ ...data, snapshots: { ...data.snapshots, [input.version]: result.artifactCode } }));
    },
  });
}

export function useSaveLocks(chatId: string) {
  return useMutation({
    mutationFn: (input: { artifactCode: string; version: number }) =>
      apiFetch<{ artifactCode: string }>(`/api/chats/${chatId}/artifact`, {
        method: 'PUT',
        body: JSON.stringify(input),
      }),
  });
}

export function useDeleteVersion(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      apiFetch<{ deletedVersion: number; selectedVersion: number | null }>(`/api/messages/${messageId}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueryKey(slug) }),
  });
}

export function useImprovePrompt(chatId: string) {
  return useMutation({
    mutationFn: (prompt: string) =>
      apiPost<{ prompt: string }>(`/api/chats/${chatId}/improve-prompt`, { prompt }),
  });
}
