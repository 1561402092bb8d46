/**
 * The demo model answers a follow-up the way the system prompt asks a real model to
 * (decision 0044): a file it changes a little comes back as SEARCH/REPLACE blocks, built from a
 * diff of the snapshot's content and the changed content. The blocks are checked with the same
 * core rules that will apply them; a change they cannot express (or one larger than the file
 * itself) is written in full.
 */
import { structuredPatch } from 'diff';
import {
  applyEdits,
  parseEditBlocks,
  writeEditBlocks,
  type EditBlock,
} from '../../../core/snapshot/index.ts';
import type { AnswerFile, DemoFile } from './types.ts';

/** Context lines tried around each change, widening until every SEARCH is unique. */
const CONTEXTS = [0, 1, 2, 3, 5, 8];

export function asEdits(changed: readonly DemoFile[], snapshot: readonly DemoFile[]): AnswerFile[] {
  const before = new Map(snapshot.map((file) => [file.name, file.content]));
  return changed.map((file) => {
    const previous = before.get(file.name);
    const blocks = previous === undefined ? null : editBlocksFor(previous, file.content);
    if (blocks === null) return file;
    const content = writeEditBlocks(blocks);
    return content.length < file.content.length ? { name: file.name, content, action: 'edit' } : file;
  });
}

/**
 * Blocks that turn `before` into `after` under the core rules, or null: the shorter of
 * whole-line blocks and in-line blocks (only the changed words, widened until unique — what a
 * careful model writes for a class-name or wording change), each checked by writing, parsing
 * and applying it as Kiln will.
 */
export function editBlocksFor(before: string, after: string): EditBlock[] | null {
  if (before === after) return null;
  const candidates = [lineBlocksFor(before, after), inlineBlocksFor(before, after)].filter(
    (blocks): blocks is EditBlock[] => blocks !== null && roundTrips(before, after, blocks),
  );
  if (candidates.length === 0) return null;
  return candidates.reduce((best, blocks) =>
    writeEditBlocks(blocks).length < writeEditBlocks(best).length ? blocks : best,
  );
}

function roundTrips(before: string, after: string, blocks: EditBlock[]): boolean {
  const parsed = parseEditBlocks(writeEditBlocks(blocks));
  const applied = applyEdits(before, parsed.blocks);
  return applied.ok && applied.content === after;
}

/** Whole-line hunks of a diff, with context lines widening until every SEARCH is unique. */
function lineBlocksFor(before: string, after: string): EditBlock[] | null {
  for (const context of CONTEXTS) {
    const patch = structuredPatch('a', 'b', before, after, undefined, undefined, { context });
    const blocks = patch.hunks.map((hunk) => {
      const lines = hunk.lines.filter((line) => !line.startsWith('\\'));
      const side = (keep: string) =>
        lines
          .filter((line) => line[0] === ' ' || line[0] === keep)
          .map((line) => line.slice(1))
          .join('\n');
      return { search: side('-'), replace: side('+') };
    });
    const applied = applyEdits(before, blocks);
    if (applied.ok && applied.content === after) return blocks;
  }
  return null;
}

const occursOnce = (text: string, search: string) => {
  const first = text.indexOf(search);
  return first !== -1 && text.indexOf(search, first + 1) === -1;
};

/** [from, to) of `line` grown to whole words (runs of non-space characters). */
function toWords(line: string, from: number, to: number): [number, number] {
  let start = from;
  while (start > 0 && !/\s/.test(line[start - 1]!)) start--;
  let end = to;
  while (end < line.length && !/\s/.test(line[end]!)) end++;
  return [start, end];
}

/** [from, to) of `line` widened by one more word on each side. */
function widen(line: string, from: number, to: number): [number, number] {
  let start = from;
  while (start > 0 && /\s/.test(line[start - 1]!)) start--;
  let end = to;
  while (end < line.length && /\s/.test(line[end]!)) end++;
  return toWords(line, start, end);
}

/**
 * In-line blocks: a changed line (in a hunk that changes as many lines as it replaces) gives one
 * block holding only its changed words, widened a word at a time until the SEARCH occurs once in
 * the content it will apply to (the blocks before it already applied). Any other hunk gives one
 * whole-line block, with lines around it until it is unique. Null when nothing makes one unique.
 */
function inlineBlocksFor(before: string, after: string): EditBlock[] | null {
  const patch = structuredPatch('a', 'b', before, after, undefined, undefined, { context: 0 });
  const original = before.split('\n');
  const changed = after.split('\n');
  const blocks: EditBlock[] = [];
  let current = before;
  const push = (block: EditBlock) => {
    blocks.push(block);
    current = current.replace(block.search, () => block.replace);
  };
  for (const hunk of patch.hunks) {
    const lines = hunk.lines.filter((line) => !line.startsWith('\\'));
    const removed = lines.filter((line) => line[0] === '-').map((line) => line.slice(1));
    const added = lines.filter((line) => line[0] === '+').map((line) => line.slice(1));
    if (removed.length === added.length) {
      for (const [index, old] of removed.entries()) {
        // The lines above are final already in `current` (their blocks applied): read them from `after`.
        const newIndex = hunk.newStart - 1 + index;
        const above = (count: number) => changed.slice(Math.max(0, newIndex - count), newIndex);
        const block = inlineBlock(current, old, added[index]!, above);
        if (block === null) return null;
        if (block) push(block);
      }
      continue;
    }
    // Lines added or removed: whole lines, with unchanged lines around them until unique.
    const first = hunk.oldLines === 0 ? hunk.oldStart : hunk.oldStart - 1;
    let above = 0;
    let below = 0;
    for (;;) {
      const head = original.slice(Math.max(0, first - above), first);
      const tail = original.slice(first + removed.length, first + removed.length + below);
      const search = [...head, ...removed, ...tail].join('\n');
      if (search.trim() !== '' && occursOnce(current, search)) {
        push({ search, replace: [...head, ...added, ...tail].join('\n') });
        break;
      }
      if (first - above <= 0 && first + removed.length + below >= original.length) return null;
      above++;
      below++;
    }
  }
  return blocks.length > 0 ? blocks : null;
}

/**
 * One line's change as its changed words (undefined: unchanged; null: never unique). A line
 * repeated elsewhere (three plans' identical lists) takes the lines above it as context.
 */
function inlineBlock(
  current: string,
  old: string,
  next: string,
  above: (count: number) => string[],
): EditBlock | null | undefined {
  if (old === next) return undefined;
  let prefix = 0;
  while (prefix < old.length && prefix < next.length && old[prefix] === next[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < old.length - prefix &&
    suffix < next.length - prefix &&
    old[old.length - 1 - suffix] === next[next.length - 1 - suffix]
  )
    suffix++;
  let [from, to] = toWords(old, prefix, old.length - suffix);
  const tail = () => next.slice(from, next.length - (old.length - to));
  for (;;) {
    const search = old.slice(from, to);
    if (search.trim() !== '' && occursOnce(current, search)) return { search, replace: tail() };
    if (from === 0 && to === old.length) break;
    [from, to] = widen(old, from, to);
  }
  // The whole line is not unique: the changed words with whole lines above them.
  [from, to] = toWords(old, prefix, old.length - suffix);
  for (let count = 1; count <= 8; count++) {
    const lines = above(count);
    if (lines.length < count) return null;
    const head = `${lines.join('\n')}\n${old.slice(0, from)}`;
    const search = head + old.slice(from, to);
    if (occursOnce(current, search)) return { search, replace: head + tail() };
  }
  return null;
}
