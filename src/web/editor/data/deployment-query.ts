import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import { chatQueryKey } from './chat-query.ts';
import type { CustomDomain, Deployment } from './deployment-types.ts';

export const deploymentQueryKey = (chatId: string) => ['deployment', chatId] as const;
export const customDomainQueryKey = (chatId: string) => ['custom-domain', chatId] as const;

/** GET /api/chats/:id/deployment: the deployment and its custom domain (owner only). */
export function deploymentQueryOptions(chatId: string) {
  return queryOptions({
    queryKey: deploymentQueryKey(chatId),
    queryFn: ({ signal }) =>
      apiFetch<Deployment>(`/api/chats/${encodeURIComponent(chatId)}/deployment`, { signal }),
    staleTime: 10_000,
  });
}

/** getCustomDomain (spec §7): GET /api/chats/:id/custom-domain (owner only). */
export function customDomainQueryOptions(chatId: string) {
  return queryOptions({
    queryKey: customDomainQueryKey(chatId),
    queryFn: async ({ signal }) =>
      (
        await apiFetch<{ customDomain: CustomDomain | null }>(
          `/api/chats/${encodeURIComponent(chatId)}/custom-domain`,
          { signal },
        )
      ).customDomain,
    staleTime: 10_000,
  });
}

/**
 * After a change: the deployment's answer replaces the cached one, and the chat read is fetched
 * again so the header's 'Deployed v{n}' badge follows.
 */
export function useDeploymentCache(slug: string, chatId: string) {
  const queryClient = useQueryClient();
  const refreshChat = () => queryClient.invalidateQueries({ queryKey: chatQueryKey(slug) });
  return {
    setDeployment(deployment: Deployment) {
      queryClient.setQueryData(deploymentQueryKey(chatId), deployment);
      void refreshChat();
    },
    setCustomDomain(customDomain: CustomDomain | null) {
      queryClient.setQueryData(customDomainQueryKey(chatId), customDomain);
      // The live address (custom domain or subdomain) is the server's to compute.
      void queryClient.invalidateQueries({ queryKey: deploymentQueryKey(chatId) });
      void refreshChat();
    },
  };
}
