import { lazy, Suspense, useMemo, useState } from 'react';
import { ArrowRight, ChevronDown, Columns2, FileDiff, GitCompareArrows, Rows2, X } from 'lucide-react';
import { compareSnapshots } from '../../../core/snapshot/compare.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { cn } from '../../lib/cn.ts';
import { useTheme } from '../../theme/theme-context.ts';
import { useVersionSnapshot } from '../data/use-version-snapshot.ts';
import { useEditor } from '../state/editor-context.ts';
import { CodeEditorFallback } from './code-editor-fallback.tsx';
import { CompareFileList } from './compare-file-list.tsx';
import { CompareVersionMenu } from './compare-version-menu.tsx';
import type { DiffLayout } from './merge-editor.tsx';

export const loadMergeEditor = () => import('./merge-editor.tsx');
const MergeEditor = lazy(loadMergeEditor);

const LAYOUTS = [
  { value: 'split', label: 'Split', icon: <Columns2 aria-hidden="true" /> },
  { value: 'unified', label: 'Unified', icon: <Rows2 aria-hidden="true" /> },
] as const;

interface CompareViewProps {
  /** The version on screen, and the one it is compared with. */
  selectedVersion: number;
  otherVersion: number;
  onPickOther: (version: number) => void;
  onClose: () => void;
}

/**
 * 'Compare with…' (issue 17 item 5): the files the newer of two versions added, removed and
 * changed against the older one, and the chosen file in CodeMirror's merge view.
 */
export function CompareView({ selectedVersion, otherVersion, onPickOther, onClose }: CompareViewProps) {
  const { data, versions } = useEditor();
  const isDark = useTheme().resolved === 'dark';
  const isNarrow = useMediaQuery('(max-width: 47.999rem)');
  const older = Math.min(selectedVersion, otherVersion);
  const newer = Math.max(selectedVersion, otherVersion);
  const before = useVersionSnapshot(data, older);
  const after = useVersionSnapshot(data, newer);
  const comparison = useMemo(
    () => (before.snapshot && after.snapshot ? compareSnapshots(before.snapshot, after.snapshot) : null),
    [before.snapshot, after.snapshot],
  );
  const [picked, setPicked] = useState<string | null>(null);
  const [chosenLayout, setLayout] = useState<DiffLayout | null>(null);
  // A phone has no room for two columns of code.
  const layout = chosenLayout ?? (isNarrow ? 'unified' : 'split');
  const files = comparison?.files ?? [];
  const change = files.find((file) => file.name === picked) ?? files[0] ?? null;
  const contentOf = (snapshot: typeof before.snapshot, name: string) =>
    snapshot?.files.find((file) => file.name === name)?.content ?? '';
  const beforeLabel = `Version #${older}`;
  const afterLabel = `Version #${newer}`;

  return (
    <section className="flex h-full min-h-0 flex-col bg-background" aria-label="Compare versions">
      <div className="flex min-h-11 shrink-0 flex-wrap items-center gap-x-2 gap-y-1 border-b px-3 py-1.5">
        <GitCompareArrows className="size-4 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-sm font-medium">Compare</h2>
        {/* Older → newer, like the columns; the other version is the one to pick. */}
        {[older, newer].map((version, index) => (
          <span key={version} className="flex items-center gap-1.5 text-[13px]">
            {index === 1 ? (
              <>
                <ArrowRight className="size-3.5 text-muted-foreground" aria-hidden="true" />
                <span className="sr-only">to</span>
              </>
            ) : null}
            {version === otherVersion ? (
              <CompareVersionMenu
                selectedVersion={selectedVersion}
                versions={versions}
                value={otherVersion}
                onPick={onPickOther}
              >
                <Button
                  variant="outline"
                  size="sm"
                  className="h-7 px-2"
                  aria-label={`Version #${otherVersion}, compared with the one on screen. Change`}
                >
                  Version #{otherVersion} <ChevronDown aria-hidden="true" />
                </Button>
              </CompareVersionMenu>
            ) : (
              <>
                <span className="font-medium">Version #{selectedVersion}</span>
                <span className="text-muted-foreground">(on screen)</span>
              </>
            )}
          </span>
        ))}
        <div className="ml-auto flex items-center gap-1">
          <SegmentedControl
            label="Diff layout"
            value={layout}
            options={LAYOUTS}
            onChange={setLayout}
            compact
          />
          <Button variant="ghost" size="sm" onClick={onClose}>
            <X aria-hidden="true" /> <span className="max-sm:sr-only">Close</span>
          </Button>
        </div>
      </div>
      <div className="flex min-h-0 flex-1 max-md:flex-col">
        <aside
          aria-labelledby="compare-files-title"
          className="flex w-56 shrink-0 flex-col border-r bg-surface max-md:max-h-[40%] max-md:w-full max-md:border-r-0 max-md:border-b"
        >
          <h3
            id="compare-files-title"
            className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            Changes
          </h3>
          {comparison ? (
            <p className="px-3 pb-2 text-xs text-muted-foreground" data-testid="compare-summary">
              {files.length === 0
                ? 'No files changed'
                : `${files.length} ${files.length === 1 ? 'file' : 'files'} changed`}
              {comparison.added > 0 ? (
                <span className="text-emerald-700 dark:text-emerald-400"> +{comparison.added}</span>
              ) : null}
              {comparison.removed > 0 ? (
                <span className="text-red-700 dark:text-red-400"> −{comparison.removed}</span>
              ) : null}
              {comparison.unchanged > 0 ? ` · ${comparison.unchanged} unchanged` : null}
            </p>
          ) : null}
          <div className="min-h-0 flex-1 overflow-y-auto px-1.5 pb-3">
            {comparison ? (
              <CompareFileList files={files} selected={change?.name ?? null} onSelect={setPicked} />
            ) : (
              <p className="px-2 py-1 text-[13px] text-muted-foreground">Loading versions…</p>
            )}
          </div>
        </aside>
        <div className="flex min-h-0 min-w-0 flex-1 flex-col bg-[var(--code-background)]">
          {change ? (
            <>
              <div
                className={cn(
                  'grid shrink-0 border-b bg-background text-xs text-muted-foreground',
                  layout === 'split' ? 'grid-cols-2' : 'grid-cols-1',
                )}
              >
                {layout === 'split' ? (
                  <>
                    <span className="truncate px-3 py-1.5">{beforeLabel}</span>
                    <span className="truncate border-l px-3 py-1.5">{afterLabel}</span>
                  </>
                ) : (
                  <span className="truncate px-3 py-1.5">
                    {beforeLabel} → {afterLabel}
                  </span>
                )}
              </div>
              {change.isBinary ? (
                <EmptyState
                  icon={<FileDiff />}
                  title={`Binary file ${change.kind}`}
                  description={`${change.name} is not text, so its bytes are not compared line by line.`}
                  className="h-full justify-center"
                />
              ) : (
                <div className="min-h-0 flex-1">
                  <Suspense fallback={<CodeEditorFallback />}>
                    <MergeEditor
                      path={change.name}
                      before={contentOf(before.snapshot, change.name)}
                      after={contentOf(after.snapshot, change.name)}
                      beforeLabel={change.kind === 'added' ? `${beforeLabel} (no such file)` : beforeLabel}
                      afterLabel={change.kind === 'removed' ? `${afterLabel} (file removed)` : afterLabel}
                      layout={layout}
                      isDark={isDark}
                    />
                  </Suspense>
                </div>
              )}
            </>
          ) : comparison ? (
            <EmptyState
              icon={<GitCompareArrows />}
              title="No differences"
              description={`Version #${older} and version #${newer} have the same files.`}
              className="h-full justify-center"
            />
          ) : (
            <CodeEditorFallback />
          )}
        </div>
      </div>
    </section>
  );
}
