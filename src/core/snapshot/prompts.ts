/** The prompts Kiln writes on the user's behalf (spec §2 input form, §8, §9). */
import { autofixLabel, type AutofixMark } from '../autofix/rounds.ts';
import type { Plan } from '../plans/index.ts';

/** Spec §9: 'Continue exactly where you left off', including the last 200 characters. */
export const CONTINUE_PROMPT = 'Continue exactly where you left off';
export const CONTINUE_CONTEXT_CHARS = 200;
/** What the model reads between the spec's text and the cut-off answer's tail. */
const CONTINUE_PROMPT_LEAD = `${CONTINUE_PROMPT}. Your previous answer was cut off; it ended with:\n\n`;

/** The button the person clicked; the chat and the history show a continuation by its name. */
export const CONTINUE_GENERATION_LABEL = 'Continue generation';

/** Spec §2/§8: 'Fix the following error: ' followed by the truncated error text. */
export const FIX_PROMPT_PREFIX = 'Fix the following error: ';

const FINISH_MARKER = /<!--\s*FINISH_REASON\s*:\s*(length|error)\s*-->/gi;

/** Cuts at `end` without splitting a surrogate pair. */
function safeEnd(text: string, end: number): number {
  const code = text.charCodeAt(end - 1);
  return end > 0 && end < text.length && code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/** The last `count` characters, not starting in the middle of a surrogate pair. */
function lastChars(text: string, count: number): string {
  if (text.length <= count) return text;
  let start = text.length - count;
  const code = text.charCodeAt(start);
  if (code >= 0xdc00 && code <= 0xdfff) start++;
  return text.slice(start);
}

/**
 * `content` is the cut-off assistant answer as stored (markup included, so the model sees
 * which file it was writing); its finish marker is not part of what the model wrote.
 */
export function buildContinuePrompt(content: string): string {
  const tail = lastChars(content.replace(FINISH_MARKER, '').trimEnd(), CONTINUE_CONTEXT_CHARS);
  return CONTINUE_PROMPT_LEAD + tail;
}

/**
 * Whether a stored user message is a continuation: Kiln stores the spec's text alone (the model
 * is sent the full prompt); versions stored before that hold the full prompt with the tail.
 */
export function isContinuePrompt(content: string): boolean {
  return content === CONTINUE_PROMPT || content.startsWith(CONTINUE_PROMPT_LEAD);
}

/**
 * A user message as people read it: a continuation by the button's name and a repair round of
 * Kiln's by its label, never the internal prompt.
 */
export function displayPrompt(content: string, autofix?: AutofixMark | null): string {
  if (autofix?.title !== undefined) return autofixLabel({ ...autofix, title: autofix.title });
  return isContinuePrompt(content) ? CONTINUE_GENERATION_LABEL : content;
}

export function truncateErrorText(errorText: string, maxChars: number): string {
  if (errorText.length <= maxChars) return errorText;
  return errorText.slice(0, safeEnd(errorText, Math.max(0, maxChars)));
}

export function buildFixPrompt(errorText: string, plan: Pick<Plan, 'errorTruncationChars'>): string {
  return FIX_PROMPT_PREFIX + truncateErrorText(errorText, plan.errorTruncationChars);
}

/** A failed build as Kiln's repair round sends it (core/autofix): the log, or its title and description. */
export function autofixPrompt(
  error: { title: string; description: string; content: string },
  plan: Pick<Plan, 'errorTruncationChars'>,
): string {
  const text = error.content.trim() !== '' ? error.content : `${error.title}: ${error.description}`;
  return buildFixPrompt(text, plan);
}
