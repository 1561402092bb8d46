import { ERRORS } from '../../../core/errors.ts';
import { ApiError } from '../../lib/api.ts';

/** What the editor does when POST /api/components refuses (spec §8 "Generation"). */
export type GenerationFailure =
  | { kind: 'toast'; title: string; message: string }
  /** payment-required-for-image: the toast, then /pricing. */
  | { kind: 'pricing'; title: string; message: string }
  | { kind: 'limit'; plan: 'free' | 'paid'; limit: number | null; resetsAt: string | null }
  /** Another tab (or a reload) is already generating: follow that stream instead. */
  | { kind: 'reattach'; version: number };

const VALIDATION_CODES = new Set([
  // Issue 17 item 3: the plan's monthly budget is spent (title + message from the server).
  'monthly-budget-reached',
  // Issue 21 item 2: abuse limits (too many requests in a window, too many generations at once).
  'rate-limited',
  'too-many-generations',
  'empty-prompt',
  'prompt-too-long',
  'unsupported-file-type',
  'file-too-large',
  'too-many-files',
]);

function numberOr(value: unknown, fallback: number | null): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function describeGenerationFailure(error: unknown): GenerationFailure {
  if (!(error instanceof ApiError)) {
    return {
      kind: 'toast',
      title: 'Something went wrong',
      message: error instanceof Error && error.message ? error.message : 'Please try again.',
    };
  }
  const { code, details } = error;
  if (code === 'payment-required-for-image') {
    return {
      kind: 'pricing',
      title: ERRORS.paymentRequiredForImage.title,
      message: ERRORS.paymentRequiredForImage.message,
    };
  }
  if (code === 'more-than-x-versions') {
    const max = numberOr(details.max, null);
    const spec = ERRORS.moreThanXVersions(max ?? 0);
    return {
      kind: 'toast',
      title: max === null ? (error.title ?? spec.title) : spec.title,
      message: spec.message,
    };
  }
  if (code === 'limit-exceeded') {
    return {
      kind: 'limit',
      plan: details.plan === 'paid' ? 'paid' : 'free',
      limit: numberOr(details.limit, null),
      resetsAt: typeof details.resetsAt === 'string' ? details.resetsAt : null,
    };
  }
  if (code === 'generation-in-progress') {
    const version = numberOr(details.version, null);
    if (version !== null) return { kind: 'reattach', version };
  }
  if (code !== null && VALIDATION_CODES.has(code)) {
    return { kind: 'toast', title: error.title ?? 'Invalid input', message: error.message };
  }
  return { kind: 'toast', title: 'Something went wrong', message: error.message };
}

/** How a generation ended, from what was streamed and the stored finish reason (spec §8 "Finish reasons"). */
export type GenerationOutcome = 'ok' | 'length' | 'error' | 'failed';

export function describeGenerationOutcome(input: {
  receivedChars: number;
  finishReason: string | null;
}): GenerationOutcome {
  if (input.finishReason === 'length') return 'length';
  if (input.finishReason === 'error') return 'error';
  if (input.receivedChars === 0) return 'failed';
  return 'ok';
}

/** The toasts of spec §8 for the outcomes that have one. */
export const OUTCOME_TOASTS = {
  length: { title: 'Continue your work' },
  error: { title: 'An error occurred during generation' },
  failed: { title: 'Generation failed', message: 'The AI failed to generate content...' },
} as const;
