/**
 * A line diff for the +/− counts of an edit and the demo model's edit blocks, on jsdiff's
 * Myers diff (the library the compare view uses too).
 */
import { diffArrays } from 'diff';

export type LineOp = { kind: 'same' | 'add' | 'remove'; line: string };

export function diffLines(before: readonly string[], after: readonly string[]): LineOp[] {
  const ops: LineOp[] = [];
  for (const change of diffArrays([...before], [...after])) {
    const kind = change.added ? 'add' : change.removed ? 'remove' : 'same';
    for (const line of change.value) ops.push({ kind, line });
  }
  return ops;
}

/** Lines of a text for diffing: '' has none; CRLF counts as LF. */
export function splitLines(text: string): string[] {
  return text === '' ? [] : text.replace(/\r\n/g, '\n').split('\n');
}
