import { Boxes, MessageSquareText } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { useCanContinue, useIsIncompleteVersion } from '../input/use-version-end.ts';
import { useEditor, useEditorStream } from '../state/editor-context.ts';
import { BuildErrorPanel } from './build-error-panel.tsx';
import { BuildProgress } from './build-progress.tsx';
import { CreatingSkeleton } from './creating-skeleton.tsx';
import { FrameworkPreviewFrame } from './framework-preview-frame.tsx';
import { findEntryHtml } from './html-document.ts';
import { HtmlPreviewFrame } from './html-preview-frame.tsx';
import { IncompleteVersionPanel } from './incomplete-version-panel.tsx';
import { ServerLogsPanel } from '../server-logs/server-logs-panel.tsx';
import { PreviewOverlay } from './preview-overlay.tsx';
import { TokenLimitPanel } from './token-limit-panel.tsx';
import { usePreviewStatus } from './use-preview-status.ts';
import { useCloneState } from '../sidebar/chat/clone-panel.tsx';

/** The preview side of the canvas: the live frame or the state the spec names for it. */
export function PreviewCanvas() {
  const editor = useEditor();
  const { framework, isGenerating, permissions, build, chatId, selectedVersion } = editor;
  const { snapshot } = useEditorStream();
  const status = usePreviewStatus();
  const canContinue = useCanContinue();
  const isIncomplete = useIsIncompleteVersion();
  const title = `Preview of ${editor.data.chat.title ?? 'the component'}`;
  const hasHtmlPage = framework === 'html' && snapshot !== null && findEntryHtml(snapshot.files) !== null;
  // A clone whose first version is not there yet: the page is being analysed, not "nothing".
  const isCloning = editor.data.chat.cloneUrl !== null && editor.versions.length === 0;
  const clone = useCloneState(chatId, isCloning);

  let body;
  if (isIncomplete) {
    body = <IncompleteVersionPanel />;
  } else if (framework === 'html' && hasHtmlPage && snapshot && (status === 'ready' || isGenerating)) {
    // Streaming: the files, written into the frame. Finished: the version's preview host.
    body = (
      <HtmlPreviewFrame
        files={snapshot.files}
        isFinished={!isGenerating}
        address={build.url}
        title={title}
        reloadKey={build.reloadCount}
      />
    );
  } else if (status === 'empty' && isCloning && clone?.status !== 'failed') {
    body = <CreatingSkeleton label="Analyzing the website" />;
  } else if (status === 'loading' && (isGenerating || editor.isSnapshotLoading)) {
    body = <CreatingSkeleton />;
  } else if (status === 'loading') {
    body = <BuildProgress status={build.status} />;
  } else if (status === 'token-limit') {
    body = (
      <TokenLimitPanel
        canContinue={canContinue}
        isBusy={isGenerating}
        onContinue={editor.continueGeneration}
      />
    );
  } else if (status === 'error') {
    body = (
      <BuildErrorPanel
        error={build.error}
        canFix={permissions.fixErrors}
        isBusy={isGenerating}
        onFix={editor.fixErrors}
      />
    );
  } else if (status === 'ready' && framework !== 'html' && build.url && selectedVersion !== null) {
    body = (
      <FrameworkPreviewFrame
        url={build.url}
        title={title}
        reloadKey={build.reloadCount}
        versionKey={`${chatId}:${selectedVersion}`}
      />
    );
  } else if (permissions.edit) {
    body = (
      <EmptyState
        icon={<MessageSquareText />}
        title="Nothing to preview yet"
        description="Describe what you want in the chat and Kiln will build it here."
        className="h-full justify-center"
      />
    );
  } else {
    body = (
      <EmptyState
        icon={<Boxes />}
        title="No preview"
        description="This component has no version to show yet."
        className="h-full justify-center"
      />
    );
  }

  // The app server's Logs view (issue 22 item 5), when open, sits under the preview.
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="relative min-h-0 flex-1 overflow-hidden bg-background">
        {body}
        {status !== 'empty' ? <PreviewOverlay /> : null}
      </div>
      {status === 'ready' ? <ServerLogsPanel /> : null}
    </div>
  );
}
