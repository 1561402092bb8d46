/** Spec §5 "Prompt". */
import { formatCount } from '../display/count.ts';
import { ERRORS, invalid, valid, type Validation } from '../errors.ts';
import type { Plan } from '../plans/index.ts';

/** Spec §5: 'Required, minimum length 2'. */
export const PROMPT_MIN_CHARS = 2;

/**
 * Returns the trimmed prompt. Shorter than 2 characters once trimmed counts as empty; the
 * maximum is the plan's and is measured on the text as typed (what the character counter shows).
 */
export function validatePrompt(prompt: string, plan: Pick<Plan, 'promptMaxChars'>): Validation<string> {
  const trimmed = prompt.trim();
  if (trimmed.length < PROMPT_MIN_CHARS) return invalid(ERRORS.emptyPrompt);
  if (prompt.length > plan.promptMaxChars) return invalid(ERRORS.promptTooLong);
  return valid(trimmed);
}

/** Spec §5: 'Improve prompt with empty input → 'Prompt is empty''. */
export function validateImprovePrompt(prompt: string): Validation<string> {
  const trimmed = prompt.trim();
  return trimmed === '' ? invalid(ERRORS.emptyImprovePrompt) : valid(trimmed);
}

/**
 * Spec §5: free users see 'Limit: {n} characters. Upgrade to a paid plan to get {m} characters!'.
 * null for a paid plan (no hint).
 */
export function promptLimitHint(
  plan: Pick<Plan, 'id' | 'promptMaxChars'>,
  paidPlan: Pick<Plan, 'promptMaxChars'>,
) {
  if (plan.id !== 'free') return null;
  // Numbers as the character counter writes them ('2,000').
  return `Limit: ${formatCount(plan.promptMaxChars)} characters. Upgrade to a paid plan to get ${formatCount(paidPlan.promptMaxChars)} characters!`;
}
