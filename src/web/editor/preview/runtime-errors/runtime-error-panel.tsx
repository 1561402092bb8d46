import { Bug, Wrench, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useEditor } from '../../state/editor-context.ts';
import { placeLabel, shownErrorLog, shownErrorTitle } from './app-server-error.ts';
import { fixedBefore, rememberFix, useFixMemory } from './fix-memory.ts';
import type { RuntimeError } from '../../../../core/preview/runtime-error-list.ts';

/**
 * The runtime error panel over a preview (issue 19 item 4): the first error the page hit — its
 * title, message and place in the generated sources — and 'Ask Kiln to fix it', which sends the
 * spec's fix text with the mapped error (the app server's errors too, issue 22). Never sent by itself; an error a previous fix did not
 * remove says so. Dismissed errors stay hidden for this page.
 */
export function RuntimeErrorPanel({ errors }: { errors: readonly RuntimeError[] }) {
  const { chatId, selectedVersion, permissions, isGenerating, fixErrors } = useEditor();
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  useFixMemory();
  const shown = errors.filter((error) => !dismissed.has(error.key));
  const error = shown[0];
  if (!error || selectedVersion === null) return null;
  const previousFix = fixedBefore(chatId, error.key, selectedVersion);
  const title = shownErrorTitle(error);

  function fix() {
    if (!error || selectedVersion === null) return;
    rememberFix(chatId, error.key, selectedVersion);
    fixErrors(shownErrorLog(error));
  }

  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-0 z-20 flex justify-center p-3 sm:p-4">
      <section
        role="alert"
        aria-label="Runtime error"
        className="pointer-events-auto flex max-h-[60%] w-full max-w-2xl flex-col gap-3 overflow-y-auto rounded-2xl border bg-card p-4 shadow-lg"
      >
        <div className="flex items-start gap-3">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-destructive-soft text-destructive">
            <Bug aria-hidden="true" className="size-4" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold tracking-tight">{title}</h2>
            {error.place ? (
              <p className="font-mono text-xs text-muted-foreground" data-testid="runtime-error-place">
                {placeLabel(error.place)}
              </p>
            ) : null}
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Dismiss this error"
            onClick={() => setDismissed(new Set([...dismissed, error.key]))}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        <pre
          tabIndex={0}
          aria-label="Error message"
          className="max-h-40 overflow-auto rounded-lg border bg-surface p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-foreground/85"
        >
          {error.message}
        </pre>
        {previousFix !== null ? (
          <p className="text-sm font-medium text-destructive">The previous fix did not remove this error.</p>
        ) : null}
        <div className="flex items-center justify-between gap-3">
          <p className="text-xs text-muted-foreground">
            {shown.length > 1
              ? `${shown.length - 1} more error${shown.length > 2 ? 's' : ''} in this preview`
              : ''}
          </p>
          {permissions.fixErrors ? (
            <Button onClick={fix} disabled={isGenerating}>
              <Wrench aria-hidden="true" /> Ask Kiln to fix it
            </Button>
          ) : null}
        </div>
      </section>
    </div>
  );
}
