/**
 * Applies SEARCH/REPLACE blocks to a file's content (decision 0044). Nothing is guessed: each
 * SEARCH must be found exactly once — first as written, then, if that finds nothing, line by line ignoring indentation and trailing whitespace (what models get
 * wrong most). Blocks apply in order, each to the result of the ones before it, so a block may
 * search text an earlier block wrote and cannot find text an earlier block removed. One block
 * that does not apply fails the whole file, which keeps its previous content.
 * Line endings: the blocks are matched on LF; a CRLF file stays CRLF.
 */
import type { EditBlock } from './edit-blocks.ts';

export type EditFailureReason = 'not-found' | 'ambiguous' | 'empty-search' | 'no-blocks';

export type EditResult =
  | { ok: true; content: string }
  /** `block`: the 0-based index of the block that did not apply (-1 for 'no-blocks'). */
  | { ok: false; reason: EditFailureReason; block: number };

export function applyEdits(content: string, blocks: readonly EditBlock[]): EditResult {
  if (blocks.length === 0) return { ok: false, reason: 'no-blocks', block: -1 };
  const isCrlf = content.includes('\r\n');
  let text = isCrlf ? content.replace(/\r\n/g, '\n') : content;
  for (const [index, block] of blocks.entries()) {
    const applied = applyBlock(text, block);
    if ('reason' in applied) return { ok: false, reason: applied.reason, block: index };
    text = applied.text;
  }
  return { ok: true, content: isCrlf ? text.replace(/\n/g, '\r\n') : text };
}

type Applied = { text: string } | { reason: EditFailureReason };

function applyBlock(text: string, block: EditBlock): Applied {
  const search = block.search.replace(/\r\n/g, '\n');
  const replace = block.replace.replace(/\r\n/g, '\n');
  if (search.trim() === '') return { reason: 'empty-search' };
  const exact = occurrences(text, search);
  if (exact.length === 1) {
    const at = exact[0]!;
    return { text: text.slice(0, at) + replace + text.slice(at + search.length) };
  }
  // Found twice as written: choosing one would be a guess.
  if (exact.length > 1) return { reason: 'ambiguous' };
  return applyLoosely(text, search, replace);
}

/** Every start of `search` in `text`, overlapping ones included (stops at two: enough to refuse). */
function occurrences(text: string, search: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(search); at !== -1 && found.length < 2; at = text.indexOf(search, at + 1)) {
    found.push(at);
  }
  return found;
}

const trimmedLines = (lines: readonly string[]) => lines.map((line) => line.trim());
const indentOf = (line: string) => /^[ \t]*/.exec(line)![0];

/**
 * The second try: the SEARCH's lines (blank lines around it dropped) equal a run of the file's
 * lines once each line is trimmed. The REPLACE lines are re-indented by the difference between
 * the file's indentation and the SEARCH's, so a block written at the wrong depth still fits.
 */
function applyLoosely(text: string, search: string, replace: string): Applied {
  const searchLines = trimBlankEnds(search.split('\n'));
  const wanted = trimmedLines(searchLines);
  const lines = text.split('\n');
  const have = trimmedLines(lines);
  let match = -1;
  for (let start = 0; start + wanted.length <= have.length; start++) {
    if (!wanted.every((line, i) => have[start + i] === line)) continue;
    if (match !== -1) return { reason: 'ambiguous' };
    match = start;
  }
  if (match === -1) return { reason: 'not-found' };
  const firstSearch = searchLines.find((line) => line.trim() !== '') ?? '';
  const from = indentOf(firstSearch);
  const to = indentOf(lines[match + searchLines.findIndex((line) => line.trim() !== '')] ?? '');
  const replaceLines = replace === '' ? [] : replace.split('\n').map((line) => reindent(line, from, to));
  return {
    text: [...lines.slice(0, match), ...replaceLines, ...lines.slice(match + wanted.length)].join('\n'),
  };
}

function trimBlankEnds(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start++;
  while (end > start && lines[end - 1]!.trim() === '') end--;
  return lines.slice(start, end);
}

function reindent(line: string, from: string, to: string): string {
  if (from === to || line.trim() === '') return line;
  return line.startsWith(from) ? to + line.slice(from.length) : line;
}
