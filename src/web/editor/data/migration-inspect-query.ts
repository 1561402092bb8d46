import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';

export interface MigrationInspectionView {
  name: string;
  tables: string[];
  policies: { name: string; table: string }[];
  error: string | null;
}

/**
 * GET /api/chats/:id/versions/:v/migrations: each migration file's created tables and policies,
 * read by the server's PostgreSQL parser. A stored version never changes, so it is fetched once.
 */
export function useMigrationInspection(chatId: string, version: number, enabled: boolean) {
  return useQuery({
    queryKey: ['chat', chatId, 'versions', version, 'migrations'],
    queryFn: ({ signal }) =>
      apiFetch<{ migrations: MigrationInspectionView[] }>(
        `/api/chats/${chatId}/versions/${version}/migrations`,
        { signal },
      ),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
