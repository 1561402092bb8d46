import { Play, Wrench } from 'lucide-react';
import type { AutofixMark } from '../../../../core/autofix/index.ts';
import {
  CONTINUE_GENERATION_LABEL,
  displayPrompt,
  isContinuePrompt,
} from '../../../../core/snapshot/index.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { RelativeDate } from '../../../profile/relative-date.tsx';
import { UserAttachments, type AttachmentView } from './user-attachments.tsx';

interface UserMessageProps {
  author: { fullName: string | null; avatarUrl: string | null };
  text: string;
  createdAt: string | null;
  attachments: readonly AttachmentView[];
  /** A repair round Kiln started (issue 33 item 4): shown by its label, as Kiln's, not the person's. */
  autofix?: AutofixMark | null;
}

/** Spec §2 "User message: author avatar and name, time, text, attachments". */
export function UserMessage({ author, text, createdAt, attachments, autofix }: UserMessageProps) {
  if (autofix?.title !== undefined)
    return <AutofixRound label={displayPrompt(text, autofix)} createdAt={createdAt} />;
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

/** Kiln's own repair round: its label (the error it fixes, which round of how many). */
function AutofixRound({ label, createdAt }: { label: string; createdAt: string | null }) {
  return (
    <article aria-label="Kiln's repair round" className="flex flex-col gap-2">
      <p role="status" className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
        <Wrench aria-hidden="true" className="size-3.5" /> {label}
        <span className="font-normal">· {createdAt ? <RelativeDate date={createdAt} /> : 'just now'}</span>
      </p>
    </article>
  );
}
