import { Play, Scissors } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

interface TokenLimitPanelProps {
  canContinue: boolean;
  isBusy: boolean;
  onContinue: () => void;
}

/** Spec §2 "Token-limit panel 'Generation in progress' with a 'Continue generation' button (owner only)". */
export function TokenLimitPanel({ canContinue, isBusy, onContinue }: TokenLimitPanelProps) {
  return (
    <div className="flex h-full items-center justify-center p-6">
      <div className="flex max-w-sm flex-col items-center text-center">
        <span className="mb-4 flex size-12 items-center justify-center rounded-2xl border bg-surface text-brand shadow-xs">
          <Scissors aria-hidden="true" className="size-5" />
        </span>
        <h2 className="text-base font-semibold tracking-tight">Generation in progress</h2>
        <p className="mt-1.5 text-sm text-balance text-muted-foreground">
          The answer reached the model’s output limit before the code was complete.
          {canContinue ? ' Continue the generation to finish it.' : ' Its author can continue it.'}
        </p>
        {canContinue ? (
          <Button className="mt-6" onClick={onContinue} disabled={isBusy}>
            <Play aria-hidden="true" /> Continue generation
          </Button>
        ) : null}
      </div>
    </div>
  );
}
