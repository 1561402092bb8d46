import { TriangleAlert, Wrench } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import type { BuildErrorPayload } from './build-state.ts';

interface BuildErrorPanelProps {
  error: BuildErrorPayload | null;
  canFix: boolean;
  isBusy: boolean;
  onFix: (log: string) => void;
}

/** Spec §2 "Build error panel with the error title, description and log, and 'Ask Kiln to fix it'". */
export function BuildErrorPanel({ error, canFix, isBusy, onFix }: BuildErrorPanelProps) {
  const title = error?.title ?? 'Build Error';
  const description = error?.description ?? 'An error occurred during the build process.';
  const log = error?.content ?? '';
  return (
    <div className="flex h-full items-center justify-center overflow-y-auto p-4 sm:p-8">
      <div
        role="alert"
        className="flex w-full max-w-2xl flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
      >
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-destructive-soft text-destructive">
            <TriangleAlert aria-hidden="true" className="size-[18px]" />
          </span>
          <div className="min-w-0">
            <h2 className="font-semibold tracking-tight">{title}</h2>
            <p className="mt-0.5 text-sm text-muted-foreground">{description}</p>
          </div>
        </div>
        {log ? (
          <pre
            tabIndex={0}
            aria-label="Build log"
            className="max-h-72 overflow-auto rounded-lg border bg-surface p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap text-foreground/85"
          >
            {log}
          </pre>
        ) : null}
        {canFix ? (
          <div className="flex justify-end">
            <Button onClick={() => onFix(log || `${title}: ${description}`)} disabled={isBusy}>
              <Wrench aria-hidden="true" /> Ask Kiln to fix it
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
