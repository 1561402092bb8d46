import { useState } from 'react';
import { Link } from 'react-router';
import { Code2, Eye, Flame, Lock, PanelLeft } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { FrameworkBadge } from '../../components/framework-badge.tsx';
import { HeaderAccount } from '../../app/header-account.tsx';
import { useSession } from '../../auth/use-session.ts';
import { ThemeToggle } from '../../theme/theme-toggle.tsx';
import { AuthorCard } from '../../profile/author-card.tsx';
import { FullscreenDialog } from '../preview/fullscreen-dialog.tsx';
import { usePreviewStatus } from '../preview/use-preview-status.ts';
import { useEditor, type EditorView } from '../state/editor-context.ts';
import { ChatUsage } from '../usage/chat-usage.tsx';
import { DeployedBadge } from './deployed-badge.tsx';
import { EditorMenu } from './editor-menu.tsx';
import { PreviewActions } from './preview-actions.tsx';
import { RemixDialog } from './remix-dialog.tsx';
import { ShareDialog } from './share-dialog.tsx';

const VIEW_OPTIONS = [
  { value: 'preview', label: 'Preview', icon: <Eye aria-hidden="true" /> },
  { value: 'code', label: 'Code', icon: <Code2 aria-hidden="true" /> },
] as const;

interface EditorHeaderProps {
  /** Phones: opens the sidebar sheet. */
  onOpenSidebar?: () => void;
}

/** Spec §2 editor header: title, preview/code toggle, preview actions, Share/Remix menu. */
export function EditorHeader({ onOpenSidebar }: EditorHeaderProps) {
  const editor = useEditor();
  const { data, selectedVersion, runningVersion, view, setView, framework } = editor;
  const session = useSession();
  const status = usePreviewStatus();
  const [dialog, setDialog] = useState<'share' | 'remix' | 'fullscreen' | null>(null);
  const title = data.chat.title?.trim() || `Version #${runningVersion ?? selectedVersion ?? 1}`;

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b bg-background px-2 sm:gap-3 sm:px-3">
      <Link to="/" aria-label="Kiln home" className="flex shrink-0 items-center rounded-lg p-1">
        <span className="flex size-7 items-center justify-center rounded-lg bg-brand text-white shadow-sm shadow-orange-600/30">
          <Flame aria-hidden="true" className="size-[18px]" strokeWidth={2.25} />
        </span>
      </Link>
      {onOpenSidebar ? (
        <Button variant="ghost" size="icon" className="size-8" aria-label="Open chat" onClick={onOpenSidebar}>
          <PanelLeft aria-hidden="true" />
        </Button>
      ) : null}
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <h1 className="min-w-0 truncate text-[15px] font-semibold tracking-tight">{title}</h1>
        {data.chat.isPrivate ? (
          <Tooltip content="Private: only you can see it">
            <span tabIndex={0} aria-label="Private" className="shrink-0 rounded text-muted-foreground">
              <Lock aria-hidden="true" className="size-3.5" />
            </span>
          </Tooltip>
        ) : null}
        <FrameworkBadge framework={framework} className="max-md:hidden" />
        <DeployedBadge />
        <ChatUsage />
        {/* Phones show the author card in the sidebar sheet (editor-layout.tsx). */}
        {onOpenSidebar ? null : (
          <>
            <span aria-hidden="true" className="mx-1 h-5 w-px shrink-0 bg-border" />
            <AuthorCard
              author={data.author}
              createdAt={data.chat.createdAt}
              className="max-w-56 shrink-0"
              textClassName="max-lg:sr-only"
            />
          </>
        )}
      </div>
      <SegmentedControl<EditorView>
        label="Canvas"
        value={view}
        options={VIEW_OPTIONS}
        onChange={setView}
        compact
      />
      <div className="hidden items-center sm:flex">
        <PreviewActions status={status} onFullscreen={() => setDialog('fullscreen')} />
      </div>
      <EditorMenu
        status={status}
        onShare={() => setDialog('share')}
        onRemix={() => setDialog('remix')}
        onFullscreen={() => setDialog('fullscreen')}
      />
      <div className="hidden h-5 w-px bg-border sm:block" aria-hidden="true" />
      <div className="flex shrink-0 items-center gap-1.5">
        <span className="max-sm:hidden">
          <ThemeToggle />
        </span>
        <HeaderAccount session={session} />
      </div>
      <ShareDialog
        url={`${window.location.origin}/components/${data.chat.slug}`}
        open={dialog === 'share'}
        onOpenChange={(open) => setDialog(open ? 'share' : null)}
      />
      <RemixDialog open={dialog === 'remix'} onOpenChange={(open) => setDialog(open ? 'remix' : null)} />
      {dialog === 'fullscreen' ? (
        <FullscreenDialog open onOpenChange={(open) => setDialog(open ? 'fullscreen' : null)} />
      ) : null}
    </header>
  );
}
