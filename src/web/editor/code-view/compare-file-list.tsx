import type { FileChange, FileChangeKind } from '../../../core/snapshot/compare.ts';
import { cn } from '../../lib/cn.ts';

const KIND: Record<FileChangeKind, { letter: string; label: string; className: string }> = {
  added: {
    letter: 'A',
    label: 'Added',
    className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300',
  },
  removed: {
    letter: 'D',
    label: 'Removed',
    className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  },
  changed: {
    letter: 'M',
    label: 'Changed',
    className: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  },
};

interface CompareFileListProps {
  files: readonly FileChange[];
  selected: string | null;
  onSelect: (name: string) => void;
}

/** The files the newer version added, removed and changed, each with its +/− line counts. */
export function CompareFileList({ files, selected, onSelect }: CompareFileListProps) {
  return (
    <ul className="flex flex-col gap-px" aria-label="Changed files">
      {files.map((file) => {
        const kind = KIND[file.kind];
        const slash = file.name.lastIndexOf('/');
        const folder = slash === -1 ? '' : file.name.slice(0, slash + 1);
        const base = file.name.slice(slash + 1);
        const isSelected = file.name === selected;
        return (
          <li key={file.name}>
            <button
              type="button"
              data-kind={file.kind}
              aria-current={isSelected ? 'true' : undefined}
              onClick={() => onSelect(file.name)}
              title={file.name}
              className={cn(
                'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-[13px] transition-colors',
                isSelected ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
              )}
            >
              <span
                className={cn(
                  'flex size-4.5 shrink-0 items-center justify-center rounded text-[10px] font-bold',
                  kind.className,
                )}
                aria-hidden="true"
              >
                {kind.letter}
              </span>
              <span className="sr-only">{kind.label}:</span>
              <span className="min-w-0 flex-1 truncate font-mono text-xs">
                <span className="text-muted-foreground">{folder}</span>
                <span className={cn(file.kind === 'removed' && 'line-through decoration-1')}>{base}</span>
              </span>
              {file.isBinary ? (
                <span className="shrink-0 text-[11px] text-muted-foreground">binary</span>
              ) : (
                <span className="flex shrink-0 gap-1.5 font-mono text-[11px] tabular-nums">
                  {file.added > 0 ? (
                    <span className="text-emerald-700 dark:text-emerald-400">
                      +{file.added}
                      <span className="sr-only"> lines added</span>
                    </span>
                  ) : null}
                  {file.removed > 0 ? (
                    <span className="text-red-700 dark:text-red-400">
                      −{file.removed}
                      <span className="sr-only"> lines removed</span>
                    </span>
                  ) : null}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
