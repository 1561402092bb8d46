import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import type { BuildErrorPayload, PreviewBuildState, StoredBuildState } from '../../preview/build-state.ts';
import { useEditor } from '../../state/editor-context.ts';
import type { ChosenBuild } from './deploy-button-state.ts';

/** How often the stored state of a version being built is read again. */
const BUILDING_POLL_MS = 2000;

function fromStatus(status: PreviewBuildState['status'] | StoredBuildState['status']): ChosenBuild {
  switch (status) {
    case 'ready':
      return 'ready';
    case 'error':
    case 'token-limit':
      return 'error';
    case 'idle':
      return 'unknown';
    default:
      return 'building';
  }
}

/**
 * The build of the version chosen for deployment. The version on screen follows the editor's
 * realtime build state; another version is read from GET /api/chats/:id/preview/:v (which
 * queues a finished version nobody has built yet) until its build ends.
 */
export function useChosenVersionBuild(version: number | null): {
  build: ChosenBuild;
  error: BuildErrorPayload | null;
} {
  const { chatId, framework, data, build: onScreen } = useEditor();
  const isBuilt =
    framework === 'html' ||
    data.messages.some(
      (message) => message.role === 'assistant' && message.version === version && message.isBuilt,
    );
  const isOnScreen = onScreen.chatId === chatId && onScreen.version === version;

  const stored = useQuery({
    queryKey: ['preview-state', chatId, version],
    queryFn: ({ signal }) =>
      apiFetch<StoredBuildState>(`/api/chats/${chatId}/preview/${version}`, { signal }),
    enabled: version !== null && !isBuilt && !isOnScreen,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && fromStatus(query.state.data.status) === 'building' ? BUILDING_POLL_MS : false,
  });

  if (version === null) return { build: 'unknown', error: null };
  if (isBuilt) return { build: 'ready', error: null };
  if (isOnScreen) return { build: fromStatus(onScreen.status), error: onScreen.error };
  if (!stored.data) return { build: 'unknown', error: null };
  return { build: fromStatus(stored.data.status), error: stored.data.error ?? null };
}
