import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from '../lib/api.ts';
import type { MarketplaceListing, OwnerListing, Sale } from './marketplace-types.ts';

export const marketplaceQueryKey = ['marketplace'] as const;
export const ownerListingQueryKey = (chatId: string) => ['chats', chatId, 'listing'] as const;
export const salesQueryKey = ['me', 'sales'] as const;

/** How many answers a page polling for a bought copy waits for (1 s apart) before it gives up. */
export const BOUGHT_POLLS = 60;

/**
 * The active listings. `waitingFor`: a listing just bought — refetched each second (at most
 * BOUGHT_POLLS answers) until the viewer's copy of it is there.
 */
export function useMarketplaceListings(options: { enabled: boolean; waitingFor: string | null }) {
  const { enabled, waitingFor } = options;
  const result = useQuery({
    queryKey: marketplaceQueryKey,
    queryFn: ({ signal }) =>
      apiFetch<{ listings: MarketplaceListing[] }>('/api/marketplace', { signal }).then(
        (body) => body.listings,
      ),
    enabled,
    refetchInterval: (query) =>
      isWaiting(query.state.data, waitingFor, query.state.dataUpdateCount) ? 1000 : false,
  });
  const updates = useQueryClient().getQueryState(marketplaceQueryKey)?.dataUpdateCount ?? 0;
  return { ...result, isWaitingForCopy: isWaiting(result.data, waitingFor, updates) };
}

function isWaiting(listings: MarketplaceListing[] | undefined, waitingFor: string | null, updates: number) {
  if (!listings || !waitingFor || updates >= BOUGHT_POLLS) return false;
  return !listings.find((listing) => listing.id === waitingFor)?.copy?.slug;
}

/** Stripe Checkout for a listing: the browser leaves for Stripe's page. */
export function useBuyListing() {
  return useMutation({
    mutationFn: async (listingId: string) => {
      const { url } = await apiPost<{ url: string }>(
        `/api/marketplace/${encodeURIComponent(listingId)}/checkout`,
        {},
      );
      window.location.assign(url);
    },
  });
}

/**
 * The owner's listing and whether the chat can be listed; asked again when the chat's visibility
 * or newest version changes (both decide what may be listed).
 */
export function useOwnerListing(
  chatId: string,
  options: { enabled: boolean; isPrivate: boolean; latestVersion: number | null },
) {
  return useQuery({
    queryKey: [...ownerListingQueryKey(chatId), options.isPrivate, options.latestVersion],
    queryFn: ({ signal }) =>
      apiFetch<OwnerListing>(`/api/chats/${encodeURIComponent(chatId)}/listing`, { signal }),
    enabled: options.enabled,
  });
}

/** List or update (PUT), or remove (DELETE) the chat's listing. */
export function useChangeListing(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { priceCents: number; description: string } | 'remove') =>
      apiFetch<OwnerListing>(`/api/chats/${encodeURIComponent(chatId)}/listing`, {
        method: change === 'remove' ? 'DELETE' : 'PUT',
        body: change === 'remove' ? undefined : JSON.stringify(change),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ownerListingQueryKey(chatId) });
      void queryClient.invalidateQueries({ queryKey: marketplaceQueryKey });
    },
  });
}

export function useSales(enabled: boolean) {
  return useQuery({
    queryKey: salesQueryKey,
    queryFn: ({ signal }) =>
      apiFetch<{ sales: Sale[] }>('/api/me/sales', { signal }).then((body) => body.sales),
    enabled,
  });
}
