import { CirclePause, Code, Play } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useCanContinue } from '../input/use-version-end.ts';
import { useEditor } from '../state/editor-context.ts';

/**
 * A version whose answer ended midway (stopped, failed, or a superseded length cut-off) has only
 * part of its code; previewing it would show the base version or the blank template as if it
 * were the result (core rule `isIncompleteVersion`).
 */
export function IncompleteVersionPanel() {
  const editor = useEditor();
  const canContinue = useCanContinue();
  const isNewest = editor.selectedVersion === editor.latestVersion;
  let next = '';
  if (canContinue) next = ' Continue the generation to finish it.';
  else if (!isNewest) next = ' A newer version follows it in History.';
  else if (!editor.permissions.continueGeneration) next = ' Its author can continue it.';
  return (
    <div className="flex h-full items-center justify-center p-6">
      <div className="flex max-w-sm flex-col items-center text-center">
        <span className="mb-4 flex size-12 items-center justify-center rounded-2xl border bg-surface text-brand shadow-xs">
          <CirclePause aria-hidden="true" className="size-5" />
        </span>
        <h2 className="text-base font-semibold tracking-tight">
          Version #{editor.selectedVersion} is incomplete
        </h2>
        <p className="mt-1.5 text-sm text-balance text-muted-foreground">
          Its generation ended before the code was complete, so there is no preview.
          {next}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {canContinue ? (
            <Button onClick={editor.continueGeneration} disabled={editor.isGenerating}>
              <Play aria-hidden="true" /> Continue generation
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => editor.setView('code')}>
            <Code aria-hidden="true" /> View the code
          </Button>
        </div>
      </div>
    </div>
  );
}
