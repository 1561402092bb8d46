import { FileCode2, FilePen, FileX2, Palette } from 'lucide-react';
import { binaryFileSize, type ParsedFile } from '../../../../core/artifact/index.ts';
import { formatFileSize, truncateFileName, utf8ByteLength } from '../../../../core/display/index.ts';
import { editLineCounts } from '../../../../core/snapshot/index.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';

interface ArtifactBlockProps {
  title: string;
  files: readonly ParsedFile[];
  isStreaming: boolean;
  /** HTML mode: the theme of the version's page (spec: 'in HTML mode a theme badge is shown'). */
  theme: string | null;
  onOpenFile: (path: string) => void;
}

/**
 * The files an answer generated: name, size; deleted in red; edited (SEARCH/REPLACE blocks,
 * decision 0044) with the lines they add and remove; incomplete with a spinner.
 */
export function ArtifactBlock({ title, files, isStreaming, theme, onOpenFile }: ArtifactBlockProps) {
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-xs">
      <div className="flex items-center gap-2 border-b bg-surface px-3 py-2">
        <span className="truncate text-[13px] font-medium">{title}</span>
        {theme ? (
          <span className="ml-auto inline-flex shrink-0 items-center gap-1 rounded-full border bg-background px-2 py-0.5 text-[11px] font-medium text-muted-foreground">
            <Palette aria-hidden="true" className="size-3" /> {theme}
          </span>
        ) : null}
      </div>
      {files.length === 0 ? (
        <p className="px-3 py-2.5 text-[13px] text-muted-foreground">
          {isStreaming ? 'Preparing files…' : 'No files.'}
        </p>
      ) : (
        <ul className="divide-y">
          {files.map((file, index) => {
            // While streaming, characters stand in for bytes: counting UTF-8 bytes of a growing
            // multi-megabyte file twice a second is wasted work.
            const binarySize = file.binary ? binaryFileSize(file.binary, file.content) : null;
            const size = file.binary
              ? binarySize === null
                ? 'image'
                : formatFileSize(binarySize)
              : formatFileSize(isStreaming ? file.content.length : utf8ByteLength(file.content));
            const isWriting = isStreaming && file.isIncomplete;
            const label = (
              <>
                {isWriting ? (
                  <Spinner className="size-3.5 shrink-0 text-brand" label="Being written" />
                ) : file.isDelete ? (
                  <FileX2 aria-hidden="true" className="size-3.5 shrink-0" />
                ) : file.isEdit ? (
                  <FilePen aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                ) : (
                  <FileCode2 aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
                )}
                <span className="min-w-0 flex-1 truncate font-mono text-xs" title={file.name}>
                  {truncateFileName(file.name)}
                </span>
                {file.isDelete ? (
                  <span className="text-[11px] font-medium">deleted</span>
                ) : file.isEdit ? (
                  <EditCounts content={file.content} />
                ) : (
                  <span className="shrink-0 text-[11px] text-muted-foreground tabular-nums">{size}</span>
                )}
              </>
            );
            const key = `${file.name}:${index}`;
            if (file.isDelete) {
              return (
                <li
                  key={key}
                  className="flex items-center gap-2 px-3 py-2 text-destructive"
                  aria-label={`${file.name} (deleted)`}
                >
                  {label}
                </li>
              );
            }
            return (
              <li key={key}>
                <button
                  type="button"
                  onClick={() => onOpenFile(file.name)}
                  aria-label={`Open ${file.name} in the code view${file.isEdit ? ' (edited)' : ''}`}
                  className={cn(
                    'flex w-full items-center gap-2 px-3 py-2 text-left transition-colors hover:bg-accent',
                  )}
                >
                  {label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** '+3 −1': the lines an edit's complete blocks add and remove (they grow while it streams). */
function EditCounts({ content }: { content: string }) {
  const { added, removed } = editLineCounts(content);
  return (
    <span
      className="shrink-0 text-[11px] font-medium tabular-nums"
      data-testid="edit-counts"
      title={`${added} ${added === 1 ? 'line' : 'lines'} added, ${removed} removed`}
    >
      <span className="text-emerald-700 dark:text-emerald-400">+{added}</span>{' '}
      <span className="text-destructive">−{removed}</span>
    </span>
  );
}
