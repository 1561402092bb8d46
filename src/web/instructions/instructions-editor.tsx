import { useState } from 'react';
import { MAX_INSTRUCTIONS_CHARS } from '../../core/instructions/index.ts';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { Textarea } from '../components/ui/textarea.tsx';

/**
 * The instructions text box with its character counter and save button (issue 17 item 4): the
 * chat's KILN.md in Settings and the account's defaults. Saving is the caller's; the box starts
 * from `saved` (give it a `key` of `saved` so a newer saved text starts it again).
 */
export function InstructionsEditor({
  id,
  describedBy,
  saved,
  placeholder,
  submitLabel,
  isSaving,
  isDisabled = false,
  onSave,
}: {
  id: string;
  describedBy: string;
  saved: string;
  placeholder: string;
  submitLabel: string;
  isSaving: boolean;
  isDisabled?: boolean;
  onSave: (text: string) => void;
}) {
  const [text, setText] = useState(saved);
  const isTooLong = text.length > MAX_INSTRUCTIONS_CHARS;
  const isUnchanged = text.trim() === saved;
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isUnchanged && !isTooLong && !isDisabled) onSave(text);
      }}
    >
      <Textarea
        id={id}
        aria-describedby={describedBy}
        aria-invalid={isTooLong || undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        className="min-h-28 text-sm"
      />
      <div className="flex items-center justify-between gap-2">
        <span className={isTooLong ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
          {text.length.toLocaleString('en')}/{MAX_INSTRUCTIONS_CHARS.toLocaleString('en')}
        </span>
        <Button type="submit" size="sm" disabled={isUnchanged || isTooLong || isSaving || isDisabled}>
          {isSaving ? <Spinner /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
