import { FileText } from 'lucide-react';
import { formatFileSize, truncateFileName } from '../../../../core/display/index.ts';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '../../../components/ui/hover-card.tsx';

export interface AttachmentView {
  url: string;
  name: string;
  contentType: string;
  size: number | null;
}

/** Spec §2: attachments of a user message: images with hover preview, PDFs with an icon. */
export function UserAttachments({ attachments }: { attachments: readonly AttachmentView[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Attachments">
      {attachments.map((attachment, index) => {
        const isImage = attachment.contentType.startsWith('image/');
        if (isImage) {
          return (
            <li key={`${attachment.url}:${index}`}>
              <HoverCard openDelay={150}>
                <HoverCardTrigger asChild>
                  <a
                    href={attachment.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block size-12 overflow-hidden rounded-lg border bg-muted"
                  >
                    <img src={attachment.url} alt={attachment.name} className="size-full object-cover" />
                  </a>
                </HoverCardTrigger>
                <HoverCardContent side="top">
                  <img src={attachment.url} alt="" className="max-h-64 max-w-64 rounded-lg object-contain" />
                </HoverCardContent>
              </HoverCard>
            </li>
          );
        }
        return (
          <li key={`${attachment.url}:${index}`}>
            <a
              href={attachment.url}
              target="_blank"
              rel="noreferrer"
              className="flex h-12 items-center gap-2 rounded-lg border bg-background px-2.5 text-xs hover:bg-accent"
            >
              <span className="flex size-7 items-center justify-center rounded-md bg-red-50 text-red-600 dark:bg-red-950 dark:text-red-400">
                <FileText aria-hidden="true" className="size-4" />
              </span>
              <span className="grid">
                <span className="font-medium">{truncateFileName(attachment.name)}</span>
                {attachment.size !== null ? (
                  <span className="text-muted-foreground">{formatFileSize(attachment.size)}</span>
                ) : null}
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
