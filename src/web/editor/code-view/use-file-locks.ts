import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { serializeSnapshot, toggleFileLock, toggleFolderLock } from '../../../core/artifact/index.ts';
import { snapshotQueryKey } from '../data/chat-query.ts';
import { useSaveLocks } from '../data/use-chat-mutations.ts';
import { useEditor, useEditorStream } from '../state/editor-context.ts';

/**
 * Spec §4 "File lock": toggles are applied at once (optimistic) and saved with
 * PUT /api/chats/:id/artifact; when saving fails the previous state comes back silently.
 */
export function useFileLocks() {
  const { chatId, selectedVersion, permissions, isGenerating } = useEditor();
  const { snapshot } = useEditorStream();
  const queryClient = useQueryClient();
  const save = useSaveLocks(chatId);
  const canLock = permissions.lockFiles && !isGenerating && selectedVersion !== null && snapshot !== null;

  const toggle = useCallback(
    (kind: 'file' | 'folder', path: string) => {
      if (!canLock || !snapshot || selectedVersion === null) return;
      const key = snapshotQueryKey(chatId, selectedVersion);
      const previous = queryClient.getQueryData<string>(key);
      const files =
        kind === 'file' ? toggleFileLock(snapshot.files, path) : toggleFolderLock(snapshot.files, path);
      const artifactCode = serializeSnapshot({ title: snapshot.title, files });
      queryClient.setQueryData(key, artifactCode);
      save.mutate(
        { artifactCode, version: selectedVersion },
        {
          onError: () => {
            // Only revert if nothing newer was applied meanwhile.
            if (queryClient.getQueryData<string>(key) === artifactCode)
              queryClient.setQueryData(key, previous);
          },
        },
      );
    },
    [canLock, snapshot, selectedVersion, chatId, queryClient, save],
  );

  return { canLock, toggle };
}
