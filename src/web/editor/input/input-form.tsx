import { useState } from 'react';
import { Palette, Play, Wand2, Wrench } from 'lucide-react';
import { toast } from 'sonner';
import { PLANS } from '../../../core/plans/index.ts';
import { validateImprovePrompt } from '../../../core/validation/index.ts';
import { useMe } from '../../auth/use-me.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { PromptComposer } from '../../prompt/prompt-composer.tsx';
import { useImprovePrompt } from '../data/use-chat-mutations.ts';
import { PremiumUpsellDialog, useUpsell } from '../premium/premium-upsell.tsx';
import { useEditor } from '../state/editor-context.ts';
import { SelectionChip } from '../selection/selection-chip.tsx';
import { useElementSelection } from '../selection/selection-store.ts';
import { RunMigrationButton } from '../sidebar/chat/migrations/run-migration-button.tsx';
import { ThemeSheet } from '../theme/theme-sheet.tsx';
import { RequestEstimate } from '../usage/request-estimate.tsx';
import { useCanContinue } from './use-version-end.ts';
import { rememberFix } from '../preview/runtime-errors/fix-memory.ts';
import { shownErrorLog } from '../preview/runtime-errors/app-server-error.ts';
import { useShownErrors } from '../preview/runtime-errors/shown-errors.ts';

/** Runtime errors one 'Fix errors' sends at most (the text is truncated to the fix limit anyway). */
const MAX_FIXED_AT_ONCE = 3;

const PREMIUM_REQUIRED = {
  title: 'Premium account required',
  description: 'This is a premium feature. Please upgrade to continue.',
};

/** Spec §2 "Input form (authorized users)". */
export function InputForm() {
  const editor = useEditor();
  const {
    permissions,
    isGenerating,
    finishReason,
    build,
    framework,
    chatId,
    hasSnapshot,
    runningVersion,
    selectedVersion,
  } = editor;
  const me = useMe();
  const plan = me.data?.plan ?? PLANS.free;
  const [prompt, setPrompt] = useState('');
  const [isThemeOpen, setIsThemeOpen] = useState(false);
  const improve = useImprovePrompt(chatId);
  const improveUpsell = useUpsell('improvePrompt');
  const [isUpsellOpen, setIsUpsellOpen] = useState(false);
  const selection = useElementSelection(chatId);

  // Only on the newest cut-off version: once a later version exists, this one is superseded.
  const canContinue = useCanContinue() && !isGenerating;
  const buildError = build.status === 'error' ? build.error : null;
  // A build error, else what the preview hit at run time (issue 19 item 4).
  const runtimeErrors = useShownErrors(chatId, selectedVersion);
  const canFix =
    permissions.fixErrors && !isGenerating && (build.status === 'error' || runtimeErrors.length > 0);

  function fixErrors() {
    if (build.status === 'error') {
      editor.fixErrors(
        buildError?.content || `${buildError?.title ?? 'Build Error'}: ${buildError?.description ?? ''}`,
      );
      return;
    }
    const sent = runtimeErrors.slice(0, MAX_FIXED_AT_ONCE);
    if (selectedVersion !== null) for (const error of sent) rememberFix(chatId, error.key, selectedVersion);
    editor.fixErrors(sent.map(shownErrorLog).join('\n\n'));
  }

  return (
    <div className="flex flex-col gap-2 border-t bg-background p-3">
      <RunMigrationButton />
      {canContinue || canFix ? (
        <div className="flex flex-wrap gap-2">
          {canContinue ? (
            <Button size="sm" variant="outline" onClick={editor.continueGeneration}>
              <Play aria-hidden="true" /> Continue generation
            </Button>
          ) : null}
          {canFix ? (
            <Button size="sm" variant="outline" onClick={fixErrors}>
              <Wrench aria-hidden="true" /> Fix errors
            </Button>
          ) : null}
        </div>
      ) : null}
      <SelectionChip />
      <PromptComposer
        id="editor-prompt"
        label="Ask Kiln to change the component"
        placeholder="Add a button, modify a div..."
        submitLabel="Iterate"
        value={prompt}
        onValueChange={setPrompt}
        plan={plan}
        isBusy={isGenerating}
        hasLengthError={finishReason === 'length'}
        hasBuildError={build.status === 'error'}
        onSubmit={async (text, files) => {
          // The selected element goes with this prompt only (issue 17 item 2).
          const selected = selection.selected ?? undefined;
          const accepted = await editor.sendPrompt({ prompt: text, files, selection: selected });
          if (accepted && selected) selection.clear();
          return accepted;
        }}
        onStop={runningVersion !== null ? editor.stopGeneration : undefined}
        counterNote={(attached) => <RequestEstimate prompt={prompt} files={attached} />}
        tools={
          <>
            <Tooltip content={improveUpsell ? 'Improve prompt (Premium)' : 'Improve prompt'}>
              <Button
                variant="ghost"
                size="icon"
                className="size-8 text-muted-foreground"
                aria-label="Improve prompt"
                disabled={improve.isPending || isGenerating}
                onClick={() => {
                  // Spec §5's check of the prompt first, then the upsell before any request.
                  const checked = validateImprovePrompt(prompt);
                  if (!checked.ok) {
                    toast.error(checked.error.title, { description: checked.error.message });
                    return;
                  }
                  if (!permissions.improvePrompt) {
                    if (improveUpsell) setIsUpsellOpen(true);
                    return;
                  }
                  improve.mutate(checked.value, {
                    onSuccess: (result) => setPrompt(result.prompt),
                    onError: (error) =>
                      toast.error(PREMIUM_REQUIRED.title, {
                        description: error.message || PREMIUM_REQUIRED.description,
                      }),
                  });
                }}
              >
                {improve.isPending ? <Spinner /> : <Wand2 aria-hidden="true" />}
              </Button>
            </Tooltip>
            {framework === 'html' ? (
              <Tooltip content="Component theme">
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 text-muted-foreground"
                  aria-label="Component theme"
                  disabled={!hasSnapshot || isGenerating}
                  onClick={() => setIsThemeOpen(true)}
                >
                  <Palette aria-hidden="true" />
                </Button>
              </Tooltip>
            ) : null}
          </>
        }
      />
      {framework === 'html' ? <ThemeSheet open={isThemeOpen} onOpenChange={setIsThemeOpen} /> : null}
      <PremiumUpsellDialog message={improveUpsell} open={isUpsellOpen} onOpenChange={setIsUpsellOpen} />
    </div>
  );
}
