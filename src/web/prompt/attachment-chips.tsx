import { FileText, X } from 'lucide-react';
import { formatFileSize, truncateFileName } from '../../core/display/index.ts';
import type { LocalAttachment } from './use-attachments.ts';

interface AttachmentChipsProps {
  attachments: readonly LocalAttachment[];
  onRemove: (id: string) => void;
}

/** The files waiting to be sent with the prompt. */
export function AttachmentChips({ attachments, onRemove }: AttachmentChipsProps) {
  if (attachments.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2 px-3 pt-3" aria-label="Attached files">
      {attachments.map((attachment) => (
        <li
          key={attachment.id}
          className="group relative flex h-11 items-center gap-2 rounded-lg border bg-background pr-7 pl-1 text-xs shadow-xs"
        >
          {attachment.previewUrl ? (
            <img src={attachment.previewUrl} alt="" className="size-9 rounded-md object-cover" />
          ) : (
            <span className="flex size-9 items-center justify-center rounded-md bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-400">
              <FileText aria-hidden="true" className="size-4" />
            </span>
          )}
          <span className="grid">
            <span className="font-medium">{truncateFileName(attachment.file.name)}</span>
            <span className="text-muted-foreground">{formatFileSize(attachment.file.size)}</span>
          </span>
          <button
            type="button"
            aria-label={`Remove ${attachment.file.name}`}
            onClick={() => onRemove(attachment.id)}
            className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground"
          >
            <X aria-hidden="true" className="size-3" />
          </button>
        </li>
      ))}
    </ul>
  );
}
