import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { apiPost } from '../../lib/api.ts';
import { chatQueryKey } from '../data/chat-query.ts';
import { useEditor } from '../state/editor-context.ts';
import type { TextEditMessage } from './selection-message.ts';
import { useElementSelection } from './selection-store.ts';

/**
 * Edit text in place (issue 17 item 2): the text typed into the selected element is saved as a
 * new version by the server's search/replace edit, without the AI, and that version is shown.
 */
export function useTextEdit() {
  const { slug, chatId, selectedVersion, selectVersion } = useEditor();
  const { clear } = useElementSelection(chatId);
  const queryClient = useQueryClient();
  return useCallback(
    (edit: TextEditMessage) => {
      if (selectedVersion === null) return;
      void (async () => {
        try {
          const saved = await apiPost<{ version: number }>(
            `/api/chats/${encodeURIComponent(chatId)}/versions/${selectedVersion}/text-edit`,
            edit,
          );
          await queryClient.invalidateQueries({ queryKey: chatQueryKey(slug) });
          clear();
          selectVersion(saved.version);
          toast.success('Text saved', { description: `Saved as version #${saved.version}.` });
        } catch (error) {
          toast.error('Could not save the text', {
            description: error instanceof Error ? error.message : String(error),
          });
        }
      })();
    },
    [chatId, clear, queryClient, selectVersion, selectedVersion, slug],
  );
}
