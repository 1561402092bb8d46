/** Replacements of ranges of a text, applied together (offsets are those of the original text). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies non-overlapping edits. Two insertions at one offset keep their given order. Throws on
 * overlapping ranges: a repair that produced them has a bug, and the file must not be garbled.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const ordered = edits
    .map((edit, index) => ({ edit, index }))
    .sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end || a.index - b.index);
  let out = '';
  let cursor = 0;
  for (const { edit } of ordered) {
    if (edit.start < cursor || edit.end < edit.start) throw new Error('Overlapping text edits');
    out += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + text.slice(cursor);
}
