import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ArrowUp, Paperclip, Square } from 'lucide-react';
import { toast } from 'sonner';
import { formatCount } from '../../core/display/index.ts';
import { PLANS, type Plan } from '../../core/plans/index.ts';
import { ERRORS, type UserError } from '../../core/errors.ts';
import {
  ATTACHMENT_ACCEPT,
  isAttachingDisabled,
  promptLimitHint,
  validatePrompt,
} from '../../core/validation/index.ts';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { Textarea } from '../components/ui/textarea.tsx';
import { Tooltip } from '../components/ui/tooltip.tsx';
import { AttachmentChips } from './attachment-chips.tsx';
import { useAttachments } from './use-attachments.ts';
import { cn } from '../lib/cn.ts';

export interface PromptComposerProps {
  id: string;
  /** The textarea's accessible name. */
  label: string;
  placeholder: string;
  submitLabel: string;
  value: string;
  onValueChange: (value: string) => void;
  plan: Plan;
  /** A generation is running: Enter does nothing, the submit button becomes Stop (when onStop is given). */
  isBusy: boolean;
  /** Sending the prompt (before the stream starts). */
  isSubmitting?: boolean;
  /** Spec §5 reasons besides count and generation: a length error, a build error. */
  hasLengthError?: boolean;
  hasBuildError?: boolean;
  /** Sends; resolves true when the prompt was accepted (the box is then cleared). */
  onSubmit: (prompt: string, files: File[]) => Promise<boolean>;
  onStop?: () => void;
  /** Extra controls left of the submit button (framework picker, Improve prompt, theme…). */
  tools?: ReactNode;
  /** Shown before the character counter, given the attached files (the editor's token estimate). */
  counterNote?: (files: readonly File[]) => ReactNode;
  className?: string;
  autoFocus?: boolean;
}

function showError(error: UserError) {
  toast.error(error.title, { description: error.message });
}

/**
 * The prompt box of spec §2 "Input form": a growing textarea with a character counter against
 * the plan's limit, attachments by click, drop or paste, Enter to send and Shift+Enter for a
 * new line. Used on the home page and in the editor.
 */
export function PromptComposer({
  id,
  label,
  placeholder,
  submitLabel,
  value,
  onValueChange,
  plan,
  isBusy,
  isSubmitting = false,
  hasLengthError = false,
  hasBuildError = false,
  onSubmit,
  onStop,
  tools,
  counterNote,
  className,
  autoFocus,
}: PromptComposerProps) {
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const navigate = useNavigate();
  const onAttachmentError = useCallback(
    (error: UserError) => {
      showError(error);
      // Spec §8: images need a paid plan, so the toast comes with the way to get one.
      if (error.code === ERRORS.paymentRequiredForImage.code) void navigate('/pricing');
    },
    [navigate],
  );
  const files = useAttachments(plan, onAttachmentError);
  const attachingDisabled = isAttachingDisabled(
    { count: files.attachments.length, isGenerating: isBusy, hasLengthError, hasBuildError },
    plan,
  );
  const isOverLimit = value.length > plan.promptMaxChars;
  const limitHint = promptLimitHint(plan, PLANS.premium);

  const submit = async () => {
    if (isBusy || isSubmitting) return;
    const checked = validatePrompt(value, plan);
    if (!checked.ok) {
      showError(checked.error);
      textareaRef.current?.focus();
      return;
    }
    const attached = files.attachments.map((attachment) => attachment.file);
    const accepted = await onSubmit(checked.value, attached);
    if (accepted) {
      onValueChange('');
      files.take();
    }
    // Spec/keyboard: the caret stays in the box, ready for the next prompt.
    textareaRef.current?.focus();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onDragOver={(event) => {
        if (attachingDisabled || !event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        setIsDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
      }}
      onDrop={(event) => {
        setIsDragging(false);
        if (attachingDisabled) return;
        event.preventDefault();
        files.add([...event.dataTransfer.files], { fromDrop: true });
      }}
      className={cn(
        'relative rounded-2xl border bg-card shadow-sm transition-[border-color,box-shadow] focus-within:border-ring/60 focus-within:ring-3 focus-within:ring-ring/15',
        isDragging && 'border-brand ring-3 ring-brand/20',
        className,
      )}
    >
      <AttachmentChips attachments={files.attachments} onRemove={files.remove} />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        ref={textareaRef}
        id={id}
        value={value}
        placeholder={placeholder}
        autoFocus={autoFocus}
        aria-invalid={isOverLimit || undefined}
        aria-describedby={`${id}-counter`}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          }
        }}
        onPaste={(event) => {
          const pasted = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'));
          if (pasted.length === 0) return;
          event.preventDefault();
          if (attachingDisabled) return;
          files.add(pasted);
        }}
        className="max-h-56 min-h-[4.5rem] px-4 pt-3.5 pb-1 [field-sizing:content]"
      />
      {isOverLimit && limitHint ? <p className="px-4 pb-1 text-xs text-destructive">{limitHint}</p> : null}
      <div className="flex items-center gap-1.5 px-2.5 pb-2.5">
        <input
          ref={fileInputRef}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            files.add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <Tooltip
          content={attachingDisabled ? 'Attaching is not available right now' : 'Attach images or PDFs'}
        >
          <span tabIndex={attachingDisabled ? 0 : -1} className="rounded-lg">
            <Button
              variant="ghost"
              size="icon"
              className="size-8 text-muted-foreground"
              aria-label="Attach files"
              disabled={attachingDisabled}
              onClick={() => fileInputRef.current?.click()}
            >
              <Paperclip aria-hidden="true" />
            </Button>
          </span>
        </Tooltip>
        {tools}
        <span className="ml-auto" />
        {counterNote?.(files.attachments.map((attachment) => attachment.file))}
        <span
          id={`${id}-counter`}
          aria-live="polite"
          className={cn(
            'px-1 text-xs tabular-nums text-muted-foreground',
            isOverLimit && 'font-medium text-destructive',
          )}
        >
          <span className="sr-only">Characters: </span>
          {formatCount(value.length)}/{formatCount(plan.promptMaxChars)}
        </span>
        {isBusy && onStop ? (
          <Button type="button" size="sm" variant="outline" onClick={onStop}>
            <Square aria-hidden="true" className="fill-current" /> Stop
          </Button>
        ) : (
          <Button type="submit" size="sm" disabled={isBusy || isSubmitting}>
            {isSubmitting || isBusy ? <Spinner /> : <ArrowUp aria-hidden="true" />}
            {submitLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
