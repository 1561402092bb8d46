import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Check, Globe, Loader2 } from 'lucide-react';
import {
  CLONE_STEPS,
  CLONE_TEXTS,
  isCloneStep,
  tickInterval,
  tickPercent,
  type CloneState,
} from '../../../../core/clone/index.ts';
import { apiFetch } from '../../../lib/api.ts';
import { useChatEvents } from '../../realtime/use-chat-events.ts';

export const cloneQueryKey = (chatId: string) => ['clone', chatId] as const;

/**
 * A clone's analysis as the server reports it (GET after a reload, realtime 'clone' events in
 * every open tab); null until known or when `enabled` is false (a chat that is no clone).
 */
export function useCloneState(chatId: string, enabled: boolean): CloneState | null {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: cloneQueryKey(chatId),
    queryFn: () => apiFetch<{ clone: CloneState }>(`/api/chats/${encodeURIComponent(chatId)}/clone`),
    enabled,
  });
  useChatEvents(chatId, (event) => {
    if (enabled && event.type === 'clone')
      queryClient.setQueryData(cloneQueryKey(chatId), { clone: event.state });
  });
  return enabled ? (query.data?.clone ?? null) : null;
}

/**
 * Spec §2: the chat tab of a clone whose first version is not there yet — the analysis steps
 * with their percentages, 'This may take a while', the fallback notice, then 'Visual
 * Reference Captured' with the screenshot. The state is the server's (GET after a reload,
 * realtime 'clone' events in every open tab); between two reports the bar ticks (§9).
 */
export function ClonePanel({ chatId, url }: { chatId: string; url: string }) {
  const state = useCloneState(chatId, true);
  const percent = useTickedPercent(state);

  const failed = state?.status === 'failed';
  const currentIndex =
    state && isCloneStep(state.step) ? CLONE_STEPS.findIndex((s) => s.id === state.step) : 0;
  return (
    <section aria-label="Website analysis" className="flex flex-col gap-4 px-4 py-5">
      <div className="flex items-center gap-2 text-sm">
        <Globe aria-hidden="true" className="size-4 text-brand" />
        <span className="truncate font-medium" title={url}>
          {url}
        </span>
      </div>
      {failed ? (
        <div
          role="alert"
          className="flex gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <div>
            <p className="font-medium">{CLONE_TEXTS.failed}</p>
            {state.error && state.error !== CLONE_TEXTS.failed ? (
              <p className="mt-1 text-muted-foreground">
                {state.error.replace(`${CLONE_TEXTS.failed}: `, '')}
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <>
          <div>
            <div className="mb-1 flex justify-between text-xs text-muted-foreground">
              <span>{CLONE_TEXTS.wait}</span>
              <span data-testid="clone-percent">{percent}%</span>
            </div>
            <div
              role="progressbar"
              aria-label="Website analysis"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full bg-brand transition-[width] duration-500"
                style={{ width: `${percent}%` }}
              />
            </div>
          </div>
          {/* The steps reached so far, in order, as the work actually happens (issue 35 item 8). */}
          <ol className="flex flex-col gap-1.5 text-sm">
            {CLONE_STEPS.slice(0, state?.status === 'done' ? CLONE_STEPS.length : currentIndex + 1).map(
              (step, index) => {
                const isDone = state?.status === 'done' || index < currentIndex;
                const isCurrent = state?.status === 'running' && index === currentIndex;
                return (
                  <li
                    key={step.id}
                    data-step={step.id}
                    aria-current={isCurrent ? 'step' : undefined}
                    className={
                      isDone || isCurrent
                        ? 'flex items-center gap-2'
                        : 'flex items-center gap-2 text-muted-foreground'
                    }
                  >
                    {isDone ? (
                      <Check aria-hidden="true" className="size-4 text-brand" />
                    ) : isCurrent ? (
                      <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                    ) : (
                      <span aria-hidden="true" className="size-4" />
                    )}
                    <span>{step.label}</span>
                    <span className="ml-auto text-xs text-muted-foreground">{step.percent}%</span>
                  </li>
                );
              },
            )}
          </ol>
        </>
      )}
      {state?.notice ? (
        <p role="status" className="rounded-lg border border-amber-500/40 bg-amber-500/5 p-3 text-sm">
          {state.notice}
        </p>
      ) : null}
      {state?.screenshot ? <VisualReference screenshot={state.screenshot} url={url} /> : null}
    </section>
  );
}

function VisualReference({ screenshot, url }: { screenshot: string; url: string }) {
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="flex items-center gap-2 text-sm font-medium">
        <Check aria-hidden="true" className="size-4 text-brand" />
        {CLONE_TEXTS.visualReference}
      </figcaption>
      <img
        src={screenshot}
        alt={`Screenshot of ${url}`}
        className="max-h-80 w-full rounded-lg border object-cover object-top"
      />
    </figure>
  );
}

/** Above a clone's first version: the screenshot it was made from stays in view. */
export function CloneReference({ chatId, url }: { chatId: string; url: string }) {
  const query = useQuery({
    queryKey: cloneQueryKey(chatId),
    queryFn: () => apiFetch<{ clone: CloneState }>(`/api/chats/${encodeURIComponent(chatId)}/clone`),
  });
  const screenshot = query.data?.clone.screenshot;
  return screenshot ? <VisualReference screenshot={screenshot} url={url} /> : null;
}

/** The reported step's percentage, moved on by the §9 ticks until the next report. */
function useTickedPercent(state: CloneState | null): number {
  const reported = state?.percent ?? 0;
  const step = state && isCloneStep(state.step) ? state.step : 'initializing';
  const running = state?.status === 'running';
  const [ticked, setTicked] = useState({ step, percent: reported });
  const base = ticked.step === step ? Math.max(ticked.percent, reported) : reported;
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setTicked({ step, percent: tickPercent(base, step) }), tickInterval(base));
    return () => clearTimeout(timer);
  }, [running, step, base]);
  return state?.status === 'done' ? 100 : base;
}
