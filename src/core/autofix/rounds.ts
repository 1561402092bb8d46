/**
 * Kiln repairs its own failed builds (issue 33 item 4, decision 0058): when a version the model
 * just wrote fails to build, Kiln sends the classified error back to the model as the spec's fix
 * prompt ('Fix the following error: {log}', truncated by the plan), for at most a few rounds,
 * before the person is left with the error panel. Each round is a version of its own (the chat
 * shows it as 'Fixing: {title} ({round}/{of})'); it spends the model's tokens and dollars but
 * none of the plan's versions.
 */
import type { Plan } from '../plans/index.ts';

/** Rounds when KILN_AUTOFIX_ROUNDS is not set. */
export const DEFAULT_AUTOFIX_ROUNDS = 2;
/** The most a server may allow: each round is a model call the person did not ask for. */
export const MAX_AUTOFIX_ROUNDS = 5;

/**
 * Stored on a model-written version's messages (`messages.autofix`): on the answer, which round
 * made it (0: the person's own prompt) out of how many it may take; on a round's prompt, the
 * error's title too, which the chat shows instead of the prompt Kiln wrote.
 */
export interface AutofixMark {
  round: number;
  of: number;
  title?: string;
}

/** The rounds a version of this plan may take: the server's, unless the plan allows fewer. */
export function autofixRoundsFor(serverRounds: number, plan: Pick<Plan, 'maxAutofixRounds'>): number {
  return Math.max(0, Math.min(serverRounds, plan.maxAutofixRounds));
}

/**
 * The round that follows a failed build of a version whose answer carries `mark` and ended with
 * `finishReason`; null when Kiln leaves it to the person: not written by the model in a round
 * Kiln counts (a restore, a text edit, a pull), cut off or stopped (a Stop ends the rounds), or
 * out of rounds.
 */
export function nextAutofixRound(mark: AutofixMark | null, finishReason: string | null): number | null {
  if (!mark || finishReason !== 'stop') return null;
  return mark.round < mark.of ? mark.round + 1 : null;
}

/** What the chat shows for a round's prompt. */
export function autofixLabel(mark: Required<AutofixMark>): string {
  return `Fixing: ${mark.title} (${mark.round}/${mark.of})`;
}

/** A stored mark, or null for anything else (rows written before marks, hand-edited JSON). */
export function parseAutofixMark(value: unknown): AutofixMark | null {
  if (value === null || typeof value !== 'object') return null;
  const { round, of, title } = value as Record<string, unknown>;
  if (!Number.isInteger(round) || !Number.isInteger(of)) return null;
  if ((round as number) < 0 || (of as number) < 0 || (round as number) > (of as number)) return null;
  return { round: round as number, of: of as number, ...(typeof title === 'string' ? { title } : {}) };
}
