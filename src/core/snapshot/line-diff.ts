/**
 * A small line diff (longest common subsequence after trimming the common head and tail). Used
 * for the +/− counts of an edit and for the demo model's edit blocks; inputs are a block or a
 * component file, so the quadratic table stays small. Past MAX_CELLS the changed middle is
 * reported as removed and added whole (still a correct diff, just not a minimal one).
 */
export type LineOp = { kind: 'same' | 'add' | 'remove'; line: string };

const MAX_CELLS = 4_000_000;

export function diffLines(before: readonly string[], after: readonly string[]): LineOp[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const same = (line: string): LineOp => ({ kind: 'same', line });
  return [
    ...before.slice(0, head).map(same),
    ...diffMiddle(a, b),
    ...before.slice(before.length - tail).map(same),
  ];
}

function diffMiddle(a: readonly string[], b: readonly string[]): LineOp[] {
  const removeAll = a.map((line): LineOp => ({ kind: 'remove', line }));
  const addAll = b.map((line): LineOp => ({ kind: 'add', line }));
  if (a.length === 0 || b.length === 0 || a.length * b.length > MAX_CELLS) return [...removeAll, ...addAll];
  // lengths[i][j] = LCS length of a[i..] and b[j..], in one flat array.
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? lengths[(i + 1) * width + j + 1]! + 1
          : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
    }
  }
  const ops: LineOp[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      ops.push({ kind: 'same', line: a[i]! });
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!) {
      ops.push({ kind: 'remove', line: a[i++]! });
    } else {
      ops.push({ kind: 'add', line: b[j++]! });
    }
  }
  while (i < a.length) ops.push({ kind: 'remove', line: a[i++]! });
  while (j < b.length) ops.push({ kind: 'add', line: b[j++]! });
  return ops;
}

/** Lines of a text for diffing: '' has none; CRLF counts as LF. */
export function splitLines(text: string): string[] {
  return text === '' ? [] : text.replace(/\r\n/g, '\n').split('\n');
}
