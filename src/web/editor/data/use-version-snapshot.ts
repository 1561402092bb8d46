import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { parseSnapshot, type Snapshot } from '../../../core/artifact/index.ts';
import type { EditorChatData } from './chat-types.ts';
import { fetchSnapshot, snapshotQueryKey } from './chat-query.ts';

/**
 * The stored snapshot (artifact markup) of one version, parsed once per change. The chat read
 * already carries the latest and the ?v= version; others are fetched on demand.
 */
export function useVersionSnapshot(data: EditorChatData, version: number | null) {
  const chatId = data.chat.id;
  const seeded = version === null ? undefined : data.snapshots[version];
  const query = useQuery({
    queryKey: snapshotQueryKey(chatId, version ?? -1),
    queryFn: async ({ signal }) => (await fetchSnapshot(chatId, version ?? -1, signal)).artifactCode ?? '',
    enabled: version !== null,
    initialData: seeded,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const snapshot = useMemo<Snapshot | null>(
    () => (query.data === undefined ? null : parseSnapshot(query.data)),
    [query.data],
  );
  return { snapshot, artifactCode: query.data ?? null, isLoading: version !== null && query.isPending };
}
