import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { IntegrationType } from '../../../core/integrations/index.ts';
import type { IntegrationView } from '../../../server/integrations/service.ts';
import { apiFetch, apiPost } from '../../lib/api.ts';

export type Integration = IntegrationView;
export interface ConnectionTestResult {
  ok: boolean;
  message: string;
}

/** Every key starts with 'integrations' (the editor's Integrations tab reads the same list). */
export const integrationsQueryKey = (userId: string | null) => ['integrations', userId] as const;

/** GET /api/integrations (docs/api.md "Integrations"). */
export function integrationsQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: integrationsQueryKey(userId),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ integrations: Integration[] }>('/api/integrations', { signal })).integrations,
    enabled: userId !== null,
  });
}

export interface IntegrationInput {
  name: string;
  type: IntegrationType;
  provider: string;
  credentials: Record<string, string>;
}

function useRefreshList(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationsQueryKey(userId) });
}

export function useCreateIntegration(userId: string) {
  const refresh = useRefreshList(userId);
  return useMutation({
    mutationFn: (input: IntegrationInput) => apiPost<Integration>('/api/integrations', input),
    onSuccess: refresh,
  });
}

/** PATCH: a secret left masked or empty keeps its stored value (the server's rule). */
export function useUpdateIntegration(userId: string) {
  const refresh = useRefreshList(userId);
  return useMutation({
    mutationFn: ({
      id,
      name,
      credentials,
    }: {
      id: string;
      name: string;
      credentials: Record<string, string>;
    }) =>
      apiFetch<Integration>(`/api/integrations/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: JSON.stringify({ name, credentials }),
      }),
    onSuccess: refresh,
  });
}

export function useRemoveIntegration(userId: string) {
  const refresh = useRefreshList(userId);
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ success: true }>(`/api/integrations/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useTestIntegration() {
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<ConnectionTestResult>(`/api/integrations/${encodeURIComponent(id)}/test`, {}),
  });
}
