import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiPost } from '../../lib/api.ts';
import { useEditor } from '../state/editor-context.ts';
import type { AppServerView } from './app-server-view.ts';
import { useLogsOpen } from './logs-open.ts';

/** While the Logs view is open its lines and state are asked again this often. */
export const LOGS_REFRESH_MS = 2000;

const serverPath = (chatId: string, version: number) =>
  `/api/chats/${encodeURIComponent(chatId)}/preview/${version}/server`;

/**
 * The shown version's app server, for its owner (viewPrivateTabs) once the preview is built: asked
 * once to know whether it has one (the Logs toggle), then every LOGS_REFRESH_MS while Logs is open.
 * Never asked for visitors. Keyed by the preview's address too, so a rebuild asks again.
 */
export function useAppServer() {
  const { chatId, selectedVersion, permissions, build } = useEditor();
  const isOpen = useLogsOpen(chatId);
  const isBuilt = build.status === 'ready' && build.version === selectedVersion && build.url !== null;
  const version = selectedVersion ?? 0;
  const query = useQuery({
    queryKey: ['app-server', chatId, version, build.url],
    queryFn: () => apiFetch<AppServerView>(serverPath(chatId, version)),
    enabled: permissions.viewPrivateTabs && selectedVersion !== null && isBuilt,
    refetchInterval: isOpen ? LOGS_REFRESH_MS : false,
    retry: false,
  });
  return { ...query, hasServer: (query.data?.kind ?? null) !== null, isOpen };
}

/** 'Restart server': stops it (the next request starts it again) and shows its state at once. */
export function useRestartServer() {
  const { chatId, selectedVersion, build } = useEditor();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<AppServerView>(`${serverPath(chatId, selectedVersion ?? 0)}/restart`, {}),
    onSuccess: (view) =>
      queryClient.setQueryData(['app-server', chatId, selectedVersion ?? 0, build.url], view),
  });
}
