import { Download, FolderTree, GitCompareArrows, PencilLine } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { FrameworkBadge } from '../../components/framework-badge.tsx';
import { useEditor } from '../state/editor-context.ts';
import { CompareVersionMenu } from './compare-version-menu.tsx';
import { CopyButton } from './copy-button.tsx';

/** Spec §2: the zip is named like '{product}-dev.zip'. */
export const ZIP_FILE_NAME = 'kiln-dev.zip';

interface CodeToolbarProps {
  fileName: string | null;
  content: string | null;
  onToggleFiles: () => void;
  isFilesOpen: boolean;
  /** 'Compare with…' picked a version. */
  onCompare: (version: number) => void;
}

/** Spec §2 "Code toolbar": framework badge, Compare with… (issue 17), Copy, Modify (owner), Download. */
export function CodeToolbar({ fileName, content, onToggleFiles, isFilesOpen, onCompare }: CodeToolbarProps) {
  const { framework, chatId, selectedVersion, versions, permissions, setSidebarTab, isGenerating } =
    useEditor();
  return (
    <div className="flex h-11 shrink-0 items-center gap-1 border-b bg-background px-2">
      <Button
        variant="ghost"
        size="sm"
        className="md:hidden"
        aria-expanded={isFilesOpen}
        aria-controls="code-files"
        onClick={onToggleFiles}
      >
        <FolderTree aria-hidden="true" /> Files
      </Button>
      <FrameworkBadge framework={framework} className="ml-1 max-md:hidden" />
      <span className="ml-2 truncate font-mono text-xs text-muted-foreground max-sm:hidden">{fileName}</span>
      <div className="ml-auto flex items-center gap-0.5">
        {selectedVersion !== null && versions.length > 1 && !isGenerating ? (
          <CompareVersionMenu
            selectedVersion={selectedVersion}
            versions={versions}
            value={null}
            onPick={onCompare}
          >
            <Button variant="ghost" size="sm">
              <GitCompareArrows aria-hidden="true" /> <span className="max-sm:sr-only">Compare with…</span>
            </Button>
          </CompareVersionMenu>
        ) : null}
        <CopyButton text={() => content} disabled={content === null} />
        {/* Spec §2: 'Modify (owner only; opens the code-hosting sidebar tab)'; tabs stay put while generating. */}
        {permissions.modifyCode ? (
          <Button variant="ghost" size="sm" disabled={isGenerating} onClick={() => setSidebarTab('github')}>
            <PencilLine aria-hidden="true" /> <span className="max-sm:sr-only">Modify</span>
          </Button>
        ) : null}
        {selectedVersion !== null && !isGenerating ? (
          <Button asChild variant="ghost" size="sm">
            <a
              href={`/api/chats/${encodeURIComponent(chatId)}/versions/${selectedVersion}/zip`}
              download={ZIP_FILE_NAME}
            >
              <Download aria-hidden="true" /> <span className="max-sm:sr-only">Download</span>
            </a>
          </Button>
        ) : (
          <Button variant="ghost" size="sm" disabled>
            <Download aria-hidden="true" /> <span className="max-sm:sr-only">Download</span>
          </Button>
        )}
      </div>
    </div>
  );
}
