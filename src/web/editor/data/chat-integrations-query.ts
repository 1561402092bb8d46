import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrationType } from '../../../core/integrations/providers.ts';
import { apiFetch } from '../../lib/api.ts';

/** docs/api.md `ChatIntegrations`: per type, the enabled integration and the owner's choices. */
export interface ChatIntegrationType {
  type: IntegrationType;
  enabledIntegrationId: string | null;
  integrations: { id: string; name: string; provider: string }[];
}
export interface ChatIntegrations {
  types: ChatIntegrationType[];
}

export const chatIntegrationsQueryKey = (chatId: string) => ['integrations', 'chat', chatId] as const;

const path = (chatId: string, type?: IntegrationType) =>
  `/api/chats/${encodeURIComponent(chatId)}/integrations${type ? `/${type}` : ''}`;

/** GET /api/chats/:id/integrations (owner + premium; the tab asks only then). */
export function chatIntegrationsQueryOptions(chatId: string, enabled: boolean) {
  return queryOptions({
    queryKey: chatIntegrationsQueryKey(chatId),
    queryFn: ({ signal }) => apiFetch<ChatIntegrations>(path(chatId), { signal }),
    enabled,
    staleTime: 10_000,
  });
}

/** Enables (or switches to) an integration of a type, or disables the type; the answer is the new state. */
export function useSetChatIntegration(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, integrationId }: { type: IntegrationType; integrationId: string | null }) =>
      integrationId
        ? apiFetch<ChatIntegrations>(path(chatId, type), {
            method: 'PUT',
            body: JSON.stringify({ integrationId }),
          })
        : apiFetch<ChatIntegrations>(path(chatId, type), { method: 'DELETE' }),
    onSuccess: (value) => queryClient.setQueryData(chatIntegrationsQueryKey(chatId), value),
  });
}
