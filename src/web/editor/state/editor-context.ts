import { createContext, useContext } from 'react';
import type { Snapshot } from '../../../core/artifact/index.ts';
import type { Framework } from '../../../core/frameworks/index.ts';
import type { EditorChatData, MessageView, Permissions } from '../data/chat-types.ts';
import type { GenerationRequest } from '../generation/generation-request.ts';
import type { GenerationView } from '../generation/use-generation.ts';
import type { PreviewBuildState } from '../preview/build-state.ts';
import type { EditorTabId } from '../sidebar/tab-ids.ts';

export type EditorView = 'preview' | 'code';

export interface EditorContextValue {
  slug: string;
  data: EditorChatData;
  chatId: string;
  framework: Framework;
  permissions: Permissions;
  /** Versions with an answer, oldest first. */
  versions: number[];
  latestVersion: number | null;
  selectedVersion: number | null;
  /** Messages of the version on screen (or of the one being generated). */
  selectedMessages: { user: MessageView | null; assistant: MessageView | null };
  /** False (with the spec's tooltip) while the component is loading. */
  canSwitchVersion: boolean;
  selectVersion: (version: number) => void;

  /** There are files to show (the streamed ones, or the selected version's). */
  hasSnapshot: boolean;
  isSnapshotLoading: boolean;

  view: EditorView;
  setView: (view: EditorView) => void;
  /** Opens a file in the code view (clicking a file in the chat). */
  openFile: (path: string) => void;
  selectFile: (path: string) => void;
  sidebarTab: EditorTabId;
  setSidebarTab: (tab: EditorTabId) => void;

  isGenerating: boolean;
  /** The version being generated (null until the server names it, and when idle). */
  runningVersion: number | null;
  isStopping: boolean;
  sendPrompt: (request: GenerationRequest) => Promise<boolean>;
  continueGeneration: () => void;
  fixErrors: (errorText: string) => void;
  stopGeneration: () => void;
  /** The finish reason of the selected version's answer ('length'/'error' enable Continue). */
  finishReason: string | null;

  build: PreviewBuildState;
  reloadPreview: () => void;
}

/**
 * What changes with every streamed render (twice a second while generating). Kept apart so
 * that only the parts showing the stream re-render.
 */
export interface EditorStreamValue {
  generation: GenerationView;
  /** What the preview and the code view show: the streamed files, else the selected version's. */
  snapshot: Snapshot | null;
  /**
   * The stored version the snapshot's binary files are read from (GET …/versions/:v/files/…):
   * the selected version, or while streaming the version the answer builds on.
   */
  snapshotVersion: number | null;
  /** The file the model is writing right now (streaming only). */
  activeFile: string | null;
  selectedFile: string | null;
}

export const EditorContext = createContext<EditorContextValue | null>(null);
export const EditorStreamContext = createContext<EditorStreamValue | null>(null);

export function useEditorStream(): EditorStreamValue {
  const value = useContext(EditorStreamContext);
  if (!value) throw new Error('useEditorStream must be used inside <EditorProvider>');
  return value;
}

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor must be used inside <EditorProvider>');
  return value;
}
