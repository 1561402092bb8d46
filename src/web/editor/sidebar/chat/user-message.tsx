import { Play } from 'lucide-react';
import { CONTINUE_GENERATION_LABEL, isContinuePrompt } from '../../../../core/snapshot/index.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RelativeDate } from '../../../profile/relative-date.tsx';
import { UserAttachments, type AttachmentView } from './user-attachments.tsx';

interface UserMessageProps {
  author: { fullName: string | null; avatarUrl: string | null };
  text: string;
  createdAt: string | null;
  attachments: readonly AttachmentView[];
}

/** Spec §2 "User message: author avatar and name, time, text, attachments". */
export function UserMessage({ author, text, createdAt, attachments }: UserMessageProps) {
  const name = author.fullName ?? 'Anonymous user';
  // A continuation was a click on 'Continue generation': show that, not the prompt Kiln wrote.
  const isContinuation = isContinuePrompt(text);
  return (
    <article aria-label={`Prompt by ${name}`} className="flex flex-col gap-2">
      <div className="flex items-center gap-2 text-[13px]">
        <Avatar name={name} imageUrl={author.avatarUrl} className="size-6 text-[11px]" />
        <span className="font-medium">{name}</span>
        <span className="text-muted-foreground">
          {createdAt ? <RelativeDate date={createdAt} /> : 'just now'}
        </span>
      </div>
      <div className="ml-8 flex flex-col gap-2 rounded-2xl rounded-tl-md bg-muted px-3.5 py-2.5">
        {isContinuation ? (
          <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
            <Play aria-hidden="true" className="size-3.5" /> {CONTINUE_GENERATION_LABEL}
          </p>
        ) : (
          <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{text}</p>
        )}
        <UserAttachments attachments={attachments} />
      </div>
    </article>
  );
}
