/**
 * Spec §4 "Generation continuation" / §9: a file with action 'continue' is appended to the
 * existing content; 'an overlap of 3–50 characters between the end of the old content and the
 * start of the new is merged (an inner window of up to 20 characters is also used)'.
 * How we read it: docs/decisions/0013-continuation-overlap.md.
 */
export const OVERLAP_MIN_CHARS = 3;
export const OVERLAP_MAX_CHARS = 50;
export const INNER_WINDOW_CHARS = 20;

/**
 * 1. Overlap: the longest k in 3..50 such that the old content ends with the first k characters
 *    of the new one → old + new minus those k characters.
 * 2. Inner window: otherwise the new content's first min(20, length) characters (at least 3)
 *    are looked for in the old content's last 50 characters; at the last place they occur, the
 *    old content is cut and the new one appended (the model restarted a little earlier and
 *    rewrote the cut-off tail).
 * 3. Otherwise the contents are concatenated.
 */
export function mergeContinuation(existing: string, addition: string): string {
  const longest = Math.min(OVERLAP_MAX_CHARS, existing.length, addition.length);
  for (let k = longest; k >= OVERLAP_MIN_CHARS; k--) {
    if (existing.endsWith(addition.slice(0, k))) return existing + addition.slice(k);
  }
  const needleLength = Math.min(INNER_WINDOW_CHARS, addition.length);
  if (needleLength >= OVERLAP_MIN_CHARS) {
    const needle = addition.slice(0, needleLength);
    const tailStart = Math.max(0, existing.length - OVERLAP_MAX_CHARS);
    const at = existing.slice(tailStart).lastIndexOf(needle);
    if (at >= 0) return existing.slice(0, tailStart + at) + addition;
  }
  return existing + addition;
}
