import { Ellipsis, ExternalLink, GitFork, Maximize2, RotateCw, Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import type { PreviewStatus } from '../preview/use-preview-status.ts';
import { useEditor } from '../state/editor-context.ts';
import { newTabUrl } from './preview-actions.tsx';

interface EditorMenuProps {
  status: PreviewStatus;
  onShare: () => void;
  onRemix: () => void;
  onFullscreen: () => void;
}

/** The header menu: Share and Remix (spec §2), and on phones the preview actions too. */
export function EditorMenu({ status, onShare, onRemix, onFullscreen }: EditorMenuProps) {
  const { data, permissions, reloadPreview, framework, chatId, selectedVersion } = useEditor();
  // Spec: Share appears only when the component is public, not loading and not in error.
  const canShare = permissions.share && !data.chat.isPrivate && status !== 'loading' && status !== 'error';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label="More actions">
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {canShare ? (
          <DropdownMenuItem
            onSelect={() => {
              void navigator.clipboard
                .writeText(`${window.location.origin}/components/${data.chat.slug}`)
                .then(() => toast.success('Successfully copied', { duration: 2000 }))
                .catch(() => undefined);
              onShare();
            }}
          >
            <Share2 aria-hidden="true" /> Share
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={onRemix}>
          <GitFork aria-hidden="true" /> Remix
        </DropdownMenuItem>
        <div className="sm:hidden">
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={reloadPreview} disabled={status === 'empty'}>
            <RotateCw aria-hidden="true" /> Reload preview
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onFullscreen} disabled={status !== 'ready'}>
            <Maximize2 aria-hidden="true" /> Fullscreen
          </DropdownMenuItem>
          {selectedVersion !== null ? (
            <DropdownMenuItem asChild>
              <a href={newTabUrl(framework, chatId, selectedVersion)} target="_blank" rel="noreferrer">
                <ExternalLink aria-hidden="true" /> Open in a new tab
              </a>
            </DropdownMenuItem>
          ) : null}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
