import type { SkippedFile } from './codehost-types.ts';

/** How many skipped files a toast names before it says 'and n more'. */
const NAMED = 3;

/**
 * One line for the files a pull or an import left out (binary, oversized, over the limit):
 * 'Left out 4 files: logo.png (binary), data.json (too large), a.mp4 (binary) and 1 more.'
 * Null when none was.
 */
export function describeSkippedFiles(skipped: readonly SkippedFile[]): string | null {
  if (skipped.length === 0) return null;
  const named = skipped.slice(0, NAMED).map((file) => `${file.path} (${file.reason})`);
  const rest = skipped.length - named.length;
  const list = rest > 0 ? `${named.join(', ')} and ${rest} more` : joinWithAnd(named);
  return `Left out ${skipped.length} ${skipped.length === 1 ? 'file' : 'files'}: ${list}.`;
}

function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}
