/**
 * What a version's finish reason means for the person (spec §4 "Version generation": a length or
 * error finish sets the flag that enables 'Continue generation'; §2 token-limit panel).
 */

/** 'stop' | 'length' | 'error' once the answer ended; null while it is written (or unknown). */
export type VersionFinishReason = string | null;

/** The answer ended before the model had finished: cut off by length, stopped or failed. */
export function isCutOff(finishReason: VersionFinishReason): boolean {
  return finishReason === 'length' || finishReason === 'error';
}

/** A version's place and how its answer ended. */
export interface VersionEnd {
  finishReason: VersionFinishReason;
  version: number | null;
  latestVersion: number | null;
}

/**
 * Only the newest version can be continued: a continuation is a new version after it, so once a
 * later version exists (the continuation, or another prompt) the cut-off one is superseded.
 */
export function canContinueVersion(input: VersionEnd): boolean {
  return isCutOff(input.finishReason) && input.version !== null && input.version === input.latestVersion;
}

/**
 * A version whose answer ended midway has only part of its code: its preview would show the base
 * version or the blank template as if it were the result, so the preview says it is incomplete.
 * The newest version cut off by length keeps the spec's token-limit panel ('Generation in
 * progress', with Continue); once superseded, it is simply incomplete.
 */
export function isIncompleteVersion(input: VersionEnd): boolean {
  if (input.finishReason === 'error') return true;
  return input.finishReason === 'length' && input.version !== input.latestVersion;
}
