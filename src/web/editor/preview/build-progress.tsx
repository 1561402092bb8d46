import { Check, LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import type { PreviewBuildState } from './build-state.ts';
import { buildProgressLabel } from './build-state.ts';

const STEPS: { status: PreviewBuildState['status'][]; label: string }[] = [
  { status: ['waiting', 'initializing'], label: 'Initializing' },
  { status: ['processing'], label: 'Installing dependencies' },
  { status: ['starting', 'deploying'], label: 'Starting' },
];

/** Spec §2 "Build progress states (initializing, installing, starting, deploying labels)". */
export function BuildProgress({ status }: { status: PreviewBuildState['status'] }) {
  const current = STEPS.findIndex((step) => step.status.includes(status));
  const label = buildProgressLabel(status) ?? 'Initializing';
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex h-full flex-col items-center justify-center gap-6 p-6"
    >
      <div className="flex flex-col items-center gap-2 text-center">
        <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-brand" />
        <p className="text-base font-medium">{label}…</p>
        <p className="max-w-xs text-sm text-muted-foreground">
          Kiln is building a live preview of this version. It appears here when it is ready.
        </p>
      </div>
      <ol className="flex flex-col gap-2 text-sm" aria-label="Build steps">
        {STEPS.map((step, index) => {
          const isDone = index < current;
          const isCurrent = index === current;
          return (
            <li
              key={step.label}
              className={cn(
                'flex items-center gap-2.5',
                isDone
                  ? 'text-foreground'
                  : isCurrent
                    ? 'font-medium text-foreground'
                    : 'text-muted-foreground',
              )}
              aria-current={isCurrent ? 'step' : undefined}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-5 items-center justify-center rounded-full border text-[11px]',
                  isDone && 'border-transparent bg-emerald-600 text-white',
                  isCurrent && 'border-brand text-brand',
                )}
              >
                {isDone ? <Check className="size-3" /> : index + 1}
              </span>
              {status === 'deploying' && index === 2 ? 'Deploying' : step.label}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
