import { useMutation } from '@tanstack/react-query';
import { ERRORS } from '../../../core/errors.ts';
import { ApiError, apiFetch, apiPost } from '../../lib/api.ts';
import { useDeploymentCache } from './deployment-query.ts';
import type { Availability, CustomDomain, SslStatusResult, VerifyResult } from './deployment-types.ts';

const domainPath = (id: string) => `/api/custom-domains/${encodeURIComponent(id)}`;

/**
 * addCustomDomain, after checkCustomDomainAvailability (spec §5: 'Availability is checked before
 * adding'). An unavailable domain fails with the spec's 'Domain unavailable' and the server's reason.
 */
export function useAddCustomDomain(slug: string, chatId: string) {
  const cache = useDeploymentCache(slug, chatId);
  return useMutation({
    mutationFn: async (domain: string) => {
      const availability = await apiFetch<Availability>(
        `/api/custom-domains/availability?domain=${encodeURIComponent(domain)}`,
      );
      if (!availability.available) {
        const error = ERRORS.domainUnavailable(availability.reason);
        throw new ApiError(409, error.code, error.message, error.title);
      }
      return apiPost<CustomDomain>(`/api/chats/${encodeURIComponent(chatId)}/custom-domain`, { domain });
    },
    onSuccess: cache.setCustomDomain,
  });
}

/** verifyCustomDomain: the TXT and CNAME (or A/AAAA) records, looked up by the server. */
export function useVerifyCustomDomain(slug: string, chatId: string) {
  const cache = useDeploymentCache(slug, chatId);
  return useMutation({
    mutationFn: (id: string) => apiPost<VerifyResult>(`${domainPath(id)}/verify`, {}),
    onSuccess: (result) => cache.setCustomDomain(result.customDomain),
  });
}

/** refreshSSLStatus: a TLS handshake with the domain's name at Kiln's front. */
export function useRefreshSslStatus(slug: string, chatId: string) {
  const cache = useDeploymentCache(slug, chatId);
  return useMutation({
    mutationFn: (id: string) => apiPost<SslStatusResult>(`${domainPath(id)}/ssl-status`, {}),
    onSuccess: (result) => cache.setCustomDomain(result.customDomain),
  });
}

/** deleteCustomDomain. */
export function useRemoveCustomDomain(slug: string, chatId: string) {
  const cache = useDeploymentCache(slug, chatId);
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: true }>(domainPath(id), { method: 'DELETE' }),
    onSuccess: () => cache.setCustomDomain(null),
  });
}
