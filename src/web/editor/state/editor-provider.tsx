import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Snapshot } from '../../../core/artifact/index.ts';
import { deriveSnapshot, buildFixPrompt, CONTINUE_PROMPT } from '../../../core/snapshot/index.ts';
import { PLANS } from '../../../core/plans/index.ts';
import { useMe } from '../../auth/use-me.ts';
import { chatQueryKey } from '../data/chat-query.ts';
import type { EditorChatData } from '../data/chat-types.ts';
import { useVersionSnapshot } from '../data/use-version-snapshot.ts';
import { listVersions, messagesOfVersion } from '../data/versions.ts';
import {
  describeGenerationOutcome,
  OUTCOME_TOASTS,
  type GenerationFailure,
} from '../generation/generation-errors.ts';
import type { GenerationRequest } from '../generation/generation-request.ts';
import { LimitDialog, type LimitDialogState } from '../generation/limit-dialog.tsx';
import { useGeneration, type GenerationResult } from '../generation/use-generation.ts';
import { reportAppServerError } from '../preview/runtime-errors/app-server-errors.ts';
import { usePreviewBuild } from '../preview/use-preview-build.ts';
import { useChatEvents, type RealtimeEvent } from '../realtime/use-chat-events.ts';
import type { EditorTabId } from '../sidebar/tab-ids.ts';
import {
  EditorContext,
  EditorStreamContext,
  type EditorContextValue,
  type EditorStreamValue,
  type EditorView,
} from './editor-context.ts';
import { readPendingGeneration, sentPendingKeys } from './pending-generation.ts';
import { useSelectedVersion } from './use-selected-version.ts';

interface EditorProviderProps {
  slug: string;
  data: EditorChatData;
  children: ReactNode;
}

export function EditorProvider({ slug, data, children }: EditorProviderProps) {
  const chatId = data.chat.id;
  const framework = data.chat.framework;
  const permissions = data.permissions;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe();
  const plan = me.data?.plan ?? PLANS.free;

  const versions = useMemo(() => listVersions(data.messages), [data.messages]);
  const latestVersion = versions.at(-1) ?? null;
  const { selectedVersion, setVersion } = useSelectedVersion(versions);
  const [view, setView] = useState<EditorView>('preview');
  const [pickedFile, setPickedFile] = useState<string | null>(null);
  const [sidebarTab, setSidebarTab] = useState<EditorTabId>('chat');
  const [limitDialog, setLimitDialog] = useState<LimitDialogState | null>(null);

  const selected = useVersionSnapshot(data, selectedVersion);
  const selectedMessagesStored = useMemo(
    () => messagesOfVersion(data.messages, selectedVersion),
    [data.messages, selectedVersion],
  );

  // ---- generation ------------------------------------------------------------------------
  const onFinished = useCallback(
    async (result: GenerationResult) => {
      await queryClient.invalidateQueries({ queryKey: chatQueryKey(slug) });
      const fresh = queryClient.getQueryData<EditorChatData>(chatQueryKey(slug));
      const answer = fresh?.messages.find(
        (message) => message.role === 'assistant' && message.version === result.version,
      );
      const outcome = describeGenerationOutcome({
        receivedChars: result.receivedChars,
        finishReason: result.finishReason ?? answer?.finishReason ?? null,
      });
      if (outcome === 'failed') {
        toast.error(OUTCOME_TOASTS.failed.title, { description: OUTCOME_TOASTS.failed.message });
      } else if (outcome === 'length') {
        toast.info(OUTCOME_TOASTS.length.title, {
          description: 'The answer was cut off. Use Continue generation to finish it.',
        });
      } else if (outcome === 'error') {
        toast.error(OUTCOME_TOASTS.error.title);
      }
      if (answer) setVersion(result.version, { replace: true });
    },
    [queryClient, slug, setVersion],
  );

  const onFailure = useCallback(
    (failure: GenerationFailure) => {
      if (failure.kind === 'limit') {
        setLimitDialog({ plan: failure.plan, limit: failure.limit, resetsAt: failure.resetsAt });
      } else if (failure.kind === 'pricing') {
        toast.error(failure.title, { description: failure.message });
        void navigate('/pricing');
      } else if (failure.kind === 'toast') {
        toast.error(failure.title, { description: failure.message });
      }
    },
    [navigate],
  );

  const generation = useGeneration({ chatId, onFinished, onFailure });
  const running = generation.view.status === 'running' ? generation.view : null;
  const isGenerating = running !== null;

  const sendPrompt = useCallback(
    (request: GenerationRequest) => generation.start(request, selectedVersion),
    [generation, selectedVersion],
  );
  const continueGeneration = useCallback(() => {
    void generation.start({ prompt: CONTINUE_PROMPT, files: [], action: 'continue' }, selectedVersion);
  }, [generation, selectedVersion]);
  const fixErrors = useCallback(
    (errorText: string) => {
      void generation.start({ prompt: buildFixPrompt(errorText, plan), files: [] }, selectedVersion);
    },
    [generation, selectedVersion, plan],
  );
  const stopGeneration = useCallback(() => void generation.stop(), [generation]);

  // The first prompt of a new chat, handed over by the home page.
  const { reattach, start } = generation;
  useEffect(() => {
    const pending = readPendingGeneration(location.state);
    if (!pending || sentPendingKeys.has(location.key)) return;
    sentPendingKeys.add(location.key);
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    if (permissions.edit) void start({ prompt: pending.prompt, files: pending.files }, null);
  }, [location, navigate, permissions.edit, start]);

  // A reload during a generation re-attaches to it.
  const reattachedFor = useRef<number | null>(null);
  // ChatData.generation names it; an answer stored without a finish reason is one still being written.
  const last = data.lastAssistantMessage;
  const runningVersion =
    data.generation?.version ??
    (last && last.finishReason === null && last.version >= 0 ? last.version : null);
  useEffect(() => {
    if (runningVersion === null || reattachedFor.current === runningVersion) return;
    reattachedFor.current = runningVersion;
    void reattach(runningVersion, versions.filter((version) => version < runningVersion).at(-1) ?? null);
  }, [runningVersion, reattach, versions]);

  // ---- preview build and realtime ------------------------------------------------------
  const isHtml = framework === 'html';
  const assistant = selectedMessagesStored.assistant;
  const preview = usePreviewBuild({
    chatId,
    version: selectedVersion,
    isHtml,
    isBuilt: assistant?.isBuilt ?? false,
    finishReason: assistant?.finishReason ?? null,
    isPrivate: data.chat.isPrivate,
  });
  const { onEvent: onBuildEvent } = preview;
  const isGeneratingRef = useRef(isGenerating);
  const versionsRef = useRef(versions);
  useEffect(() => {
    isGeneratingRef.current = isGenerating;
    versionsRef.current = versions;
  }, [isGenerating, versions]);
  const onRealtime = useCallback(
    (event: RealtimeEvent) => {
      onBuildEvent(event);
      if (event.type === 'app-server-error') reportAppServerError(event);
      if (event.type === 'generation') {
        if (event.state === 'started' && !isGeneratingRef.current) {
          const base = versionsRef.current.filter((version) => version < event.version).at(-1) ?? null;
          void reattach(event.version, base);
        } else if (event.state === 'finished' && !isGeneratingRef.current) {
          void queryClient.invalidateQueries({ queryKey: chatQueryKey(slug) });
        }
      }
    },
    [onBuildEvent, reattach, queryClient, slug],
  );
  useChatEvents(chatId, onRealtime);

  // ---- what is on screen -----------------------------------------------------------------
  // The answer being streamed builds on its base version's snapshot (shared query cache).
  const base = useVersionSnapshot(data, running ? running.baseVersion : null);
  const streamedSnapshot = useMemo<Snapshot | null>(() => {
    if (!running?.parsed) return null;
    return deriveSnapshot(base.snapshot, { title: running.parsed.title, files: running.parsed.files });
  }, [running?.parsed, base.snapshot]);

  const activeFile = useMemo(() => {
    const files = running?.parsed?.files;
    if (!files) return null;
    for (let i = files.length - 1; i >= 0; i--) if (files[i]?.isActive) return files[i]?.name ?? null;
    return null;
  }, [running?.parsed]);

  const snapshot = running ? (streamedSnapshot ?? base.snapshot) : selected.snapshot;
  const snapshotVersion = running ? running.baseVersion : selectedVersion;

  // The file in the code view: the one picked, else the one being written, else the entry file.
  const selectedFile = useMemo(() => {
    const names = snapshot?.files.map((file) => file.name) ?? [];
    if (activeFile && (!pickedFile || isGenerating)) return activeFile;
    if (pickedFile && names.includes(pickedFile)) return pickedFile;
    return (
      names.find((name) => /(^|\/)(index\.html|App\.(tsx|jsx|vue|svelte)|app\.component\.ts)$/.test(name)) ??
      names[0] ??
      null
    );
  }, [snapshot, pickedFile, activeFile, isGenerating]);

  const openFile = useCallback((path: string) => {
    setPickedFile(path);
    setView('code');
  }, []);

  const selectVersion = useCallback(
    (version: number) => {
      if (isGenerating) return;
      setVersion(version);
    },
    [isGenerating, setVersion],
  );

  const selectedMessages = useMemo(() => {
    if (running?.version != null) return messagesOfVersion(data.messages, running.version);
    return selectedMessagesStored;
  }, [running?.version, data.messages, selectedMessagesStored]);

  const hasSnapshot = snapshot !== null;
  const value = useMemo<EditorContextValue>(
    () => ({
      slug,
      data,
      chatId,
      framework,
      permissions,
      versions,
      latestVersion,
      selectedVersion,
      selectedMessages,
      canSwitchVersion: !isGenerating && !selected.isLoading,
      selectVersion,
      hasSnapshot,
      isSnapshotLoading: selected.isLoading,
      view,
      setView,
      openFile,
      selectFile: setPickedFile,
      sidebarTab,
      setSidebarTab: (tab) => {
        if (!isGenerating) setSidebarTab(tab);
      },
      isGenerating,
      runningVersion: running?.version ?? null,
      isStopping: running?.isStopping ?? false,
      sendPrompt,
      continueGeneration,
      fixErrors,
      stopGeneration,
      finishReason: isGenerating ? null : (assistant?.finishReason ?? null),
      build: preview.build,
      reloadPreview: preview.reload,
    }),
    [
      slug,
      data,
      chatId,
      framework,
      permissions,
      versions,
      latestVersion,
      selectedVersion,
      selectedMessages,
      isGenerating,
      selected.isLoading,
      selectVersion,
      hasSnapshot,
      view,
      openFile,
      sidebarTab,
      running?.version,
      running?.isStopping,
      sendPrompt,
      continueGeneration,
      fixErrors,
      stopGeneration,
      assistant?.finishReason,
      preview.build,
      preview.reload,
    ],
  );

  const stream = useMemo<EditorStreamValue>(
    () => ({ generation: generation.view, snapshot, snapshotVersion, activeFile, selectedFile }),
    [generation.view, snapshot, snapshotVersion, activeFile, selectedFile],
  );

  return (
    <EditorContext value={value}>
      <EditorStreamContext value={stream}>
        {children}
        <LimitDialog state={limitDialog} onClose={() => setLimitDialog(null)} />
      </EditorStreamContext>
    </EditorContext>
  );
}
