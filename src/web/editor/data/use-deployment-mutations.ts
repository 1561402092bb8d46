import { useMutation } from '@tanstack/react-query';
import { apiFetch, apiPost } from '../../lib/api.ts';
import { useDeploymentCache } from './deployment-query.ts';
import type { Availability, Deployment } from './deployment-types.ts';

const deploymentPath = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/deployment`;

/** checkSubdomainAvailability (spec §7). */
export function useCheckSubdomain() {
  return useMutation({
    mutationFn: (subdomain: string) =>
      apiFetch<Availability>(`/api/deployments/subdomains/${encodeURIComponent(subdomain)}`),
  });
}

/** deployComponent: waits on the server until the version's preview is built. */
export function useDeploy(slug: string, chatId: string) {
  const cache = useDeploymentCache(slug, chatId);
  return useMutation({
    mutationFn: (input: { subdomain: string; version: number }) =>
      apiPost<Deployment>(deploymentPath(chatId), input),
    onSuccess: cache.setDeployment,
  });
}

/** updateDeploymentSubdomain: the version only when it changed (spec §7 'version or omitted'). */
export function useUpdateDeployment(slug: string, chatId: string) {
  const cache = useDeploymentCache(slug, chatId);
  return useMutation({
    mutationFn: (input: { subdomain: string; version?: number }) =>
      apiFetch<Deployment>(deploymentPath(chatId), { method: 'PATCH', body: JSON.stringify(input) }),
    onSuccess: cache.setDeployment,
  });
}

/** undeployComponent. */
export function useUndeploy(slug: string, chatId: string) {
  const cache = useDeploymentCache(slug, chatId);
  return useMutation({
    mutationFn: () => apiFetch<Deployment>(deploymentPath(chatId), { method: 'DELETE' }),
    onSuccess: cache.setDeployment,
  });
}
