import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../lib/api.ts';
import { chatQueryKey } from './chat-query.ts';

export interface RunMigrationInput {
  chatId: string;
  sql: string;
  migrationName: string;
  messageId: string;
}

/** POST /api/integrations/run-migration; the chat read is refetched so the card turns applied. */
export function useRunMigration(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RunMigrationInput) =>
      apiPost<{ migrationsExecuted: { name: string; executed_at: string }[]; message: string }>(
        '/api/integrations/run-migration',
        input,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueryKey(slug) }),
  });
}
