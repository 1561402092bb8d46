import { createContext, useContext } from 'react';
import type { Snapshot } from '../../../core/artifact/index.ts';
import type { Framework } from '../../../core/frameworks/index.ts';
import type { EditorChatData, MessageView, Permissions } from '../data/chat-types.ts';
import type { GenerationRequest } from '../generation/generation-request.ts';
import type { GenerationView } from '../generation/use-generation.ts';
import type { PreviewBuildState } from '../preview/build-state.ts';
import type { EditorTabId } from '../sidebar/tab-registry.ts';

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

  /** What the preview and the code view show: the streamed files, else the selected version's. */
  snapshot: Snapshot | null;
  isSnapshotLoading: boolean;
  /** The file the model is writing right now (streaming only). */
  activeFile: string | null;

  view: EditorView;
  setView: (view: EditorView) => void;
  selectedFile: string | null;
  /** Opens a file in the code view (clicking a file in the chat). */
  openFile: (path: string) => void;
  selectFile: (path: string) => void;
  sidebarTab: EditorTabId;
  setSidebarTab: (tab: EditorTabId) => void;

  generation: GenerationView;
  isGenerating: boolean;
  sendPrompt: (request: GenerationRequest) => Promise<boolean>;
  continueGeneration: () => void;
  fixErrors: (errorText: string) => void;
  stopGeneration: () => void;
  /** The finish reason of the selected version's answer ('length'/'error' enable Continue). */
  finishReason: string | null;

  build: PreviewBuildState;
  reloadPreview: () => void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor must be used inside <EditorProvider>');
  return value;
}
