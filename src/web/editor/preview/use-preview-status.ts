import { useEditor } from '../state/editor-context.ts';

export type PreviewStatus = 'empty' | 'loading' | 'error' | 'token-limit' | 'ready';

/** One answer to 'what does the preview show', shared by the canvas and the header buttons. */
export function usePreviewStatus(): PreviewStatus {
  const { isGenerating, isSnapshotLoading, hasSnapshot, selectedVersion, framework, build, finishReason } =
    useEditor();
  if (isGenerating || isSnapshotLoading) return 'loading';
  if (selectedVersion === null || !hasSnapshot) return 'empty';
  if (finishReason === 'length') return 'token-limit';
  if (framework === 'html') return 'ready';
  if (build.status === 'error') return 'error';
  if (build.status === 'token-limit') return 'token-limit';
  return build.status === 'ready' ? 'ready' : 'loading';
}
