import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from './api.ts';
import type {
  CodeHostConnection,
  CodeHostRepoListItem,
  DeviceFlowPoll,
  DeviceFlowStart,
  ImportResult,
} from './codehost-types.ts';

/**
 * The viewer's GitHub connection and what hangs off it (docs/api.md "Code-hosting sync"). Every
 * key starts with 'codehost', so a change of connection refreshes the tab of any open chat too.
 */
export const CODEHOST_KEY = ['codehost'] as const;
export const connectionQueryKey = (userId: string | null) => ['codehost', 'connection', userId] as const;
export const reposQueryKey = (userId: string | null) => ['codehost', 'repos', userId] as const;

/** GET /api/codehost/connection (signed in only). */
export function connectionQueryOptions(userId: string | null) {
  return queryOptions({
    queryKey: connectionQueryKey(userId),
    queryFn: ({ signal }) => apiFetch<CodeHostConnection>('/api/codehost/connection', { signal }),
    enabled: userId !== null,
    staleTime: 30_000,
  });
}

/** GET /api/codehost/repos: the connected user's repositories, for import. */
export function reposQueryOptions(userId: string | null, enabled: boolean) {
  return queryOptions({
    queryKey: reposQueryKey(userId),
    queryFn: async ({ signal }) =>
      (await apiFetch<{ repos: CodeHostRepoListItem[] }>('/api/codehost/repos', { signal })).repos,
    enabled: userId !== null && enabled,
    staleTime: 60_000,
  });
}

/** After a connection change: its new state at once, and everything that depended on the old one again. */
function useSetConnection(userId: string | null) {
  const queryClient = useQueryClient();
  return (connection: CodeHostConnection) => {
    queryClient.setQueryData(connectionQueryKey(userId), connection);
    void queryClient.invalidateQueries({
      queryKey: CODEHOST_KEY,
      predicate: (query) => query.queryKey[1] !== 'connection',
    });
  };
}

/** POST /api/codehost/device: starts GitHub's device flow. */
export function useStartDeviceFlow() {
  return useMutation({
    mutationFn: () => apiPost<DeviceFlowStart>('/api/codehost/device', {}),
  });
}

/** POST /api/codehost/device/poll: one poll; a connected answer updates the cached connection. */
export function usePollDeviceFlow(userId: string | null) {
  const setConnection = useSetConnection(userId);
  return useMutation({
    mutationFn: () => apiPost<DeviceFlowPoll>('/api/codehost/device/poll', {}),
    onSuccess: (poll) => {
      if (poll.status === 'connected') setConnection(poll.connection);
    },
  });
}

/** POST /api/codehost/token: a fine-grained personal access token, checked by the server with GitHub. */
export function useConnectWithToken(userId: string | null) {
  const setConnection = useSetConnection(userId);
  return useMutation({
    mutationFn: (token: string) => apiPost<CodeHostConnection>('/api/codehost/token', { token }),
    onSuccess: setConnection,
  });
}

/** DELETE /api/codehost/connection: the token is deleted on the server. */
export function useDisconnectCodeHost(userId: string | null) {
  const setConnection = useSetConnection(userId);
  return useMutation({
    mutationFn: () => apiFetch<CodeHostConnection>('/api/codehost/connection', { method: 'DELETE' }),
    onSuccess: setConnection,
  });
}

/** POST /api/codehost/import: a repository's branch head becomes version 1 of a new chat. */
export function useImportRepository() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { repository: string; branch?: string }) =>
      apiPost<ImportResult>('/api/codehost/import', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-components'] }),
  });
}
