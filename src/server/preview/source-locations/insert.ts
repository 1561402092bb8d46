import { htmlAttributeValue, LOCATION_ATTRIBUTE, locationValue } from './location.ts';

/** Offsets of the line starts of a text: line and column (1-based) of any offset. */
export function lineIndex(code: string): (offset: number) => { line: number; column: number } {
  const starts = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}

/**
 * Adds `data-kiln-loc="file:line:column"` after the tag name of each start tag at `tagStarts`
 * (the offsets of their `<`, as a template compiler reported them) — the way Vue, Svelte and
 * Angular templates and HTML take a plain attribute. The text keeps its lines. Null when none.
 */
export function insertLocations(code: string, file: string, tagStarts: readonly number[]): string | null {
  const at = lineIndex(code);
  const inserts: { offset: number; text: string }[] = [];
  for (const start of new Set(tagStarts)) {
    const name = /^<([^\s/>]+)/.exec(code.slice(start, start + 200));
    if (!name) continue;
    const { line, column } = at(start);
    const value = htmlAttributeValue(locationValue(file, line, column));
    inserts.push({ offset: start + name[0].length, text: ` ${LOCATION_ATTRIBUTE}="${value}"` });
  }
  if (inserts.length === 0) return null;
  inserts.sort((a, b) => b.offset - a.offset);
  let out = code;
  for (const insert of inserts) out = out.slice(0, insert.offset) + insert.text + out.slice(insert.offset);
  return out;
}
