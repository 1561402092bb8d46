import type { VersionFinishReason } from '../snapshot/version-end.ts';

/**
 * Only a version whose answer finished can be deployed: one still being written, cut off by
 * length or ended by an error holds only part of its code (core `snapshot/version-end.ts`), and a
 * site built from it would publish the base version or the blank template as if it were the
 * result. The reason, or null when it may be deployed.
 */
export function deployRefusal(finishReason: VersionFinishReason): string | null {
  if (finishReason === 'stop') return null;
  if (finishReason === null) return 'This version is still being generated.';
  if (finishReason === 'length')
    return 'This version was cut off; continue the generation before deploying it.';
  return 'This version ended with an error and holds only part of its code; deploy a finished version.';
}

export const isDeployableVersion = (finishReason: VersionFinishReason): boolean =>
  deployRefusal(finishReason) === null;
