/** Lines of a component's text, for repairs that move or rewrite whole lines. */

/** The offset where the line holding `offset` starts. */
export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset of the line break ending the line holding `offset` (the text's length on the last line). */
export function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end;
}

/** Code quoted in a sentence of the chat: on one line, at most 80 characters. */
export function shortCode(code: string): string {
  const line = code.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}
