/**
 * The element the Select tool named (file, line, column of its start tag, 1-based — decision
 * 0047), found in the file's current text. Nothing is guessed: the start tag must open at that
 * column, or be the only start tag of that name on that line.
 */
export interface ElementAt {
  /** Offset of the `<` of the start tag. */
  start: number;
  /** Offset just after the start tag's `>`. */
  openEnd: number;
  selfClosing: boolean;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function elementAt(
  content: string,
  location: { line: number; column: number; tagName: string },
): ElementAt | undefined {
  const lines = content.split('\n');
  const text = lines[location.line - 1];
  if (text === undefined) return undefined;
  const lineStart = lines.slice(0, location.line - 1).reduce((sum, line) => sum + line.length + 1, 0);
  const opens = [...text.matchAll(new RegExp(`<${escapeRegExp(location.tagName)}(?=[\\s/>]|$)`, 'gi'))].map(
    (match) => match.index,
  );
  const column = location.column - 1;
  const at = opens.includes(column) ? column : opens.length === 1 ? opens[0] : undefined;
  if (at === undefined) return undefined;
  const start = lineStart + at;
  const openEnd = startTagEnd(content, start + 1 + location.tagName.length);
  if (openEnd === undefined) return undefined;
  return { start, openEnd, selfClosing: content[openEnd - 2] === '/' };
}

/** Just after the `>` closing a start tag, skipping quoted values and `{…}` expressions. */
function startTagEnd(content: string, from: number): number | undefined {
  let quote: string | undefined;
  let braces = 0;
  for (let index = from; index < content.length; index++) {
    const char = content[index];
    if (quote) {
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '{') braces++;
    else if (char === '}') braces = Math.max(0, braces - 1);
    else if (char === '>' && braces === 0) return index + 1;
    else if (char === '<' && braces === 0) return undefined;
  }
  return undefined;
}
