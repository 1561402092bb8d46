/**
 * The demo model answers a follow-up the way the system prompt asks a real model to
 * (decision 0044): a file it changes a little comes back as SEARCH/REPLACE blocks, built from a
 * diff of the snapshot's content and the changed content. The blocks are checked with the same
 * core rules that will apply them; a change they cannot express (or one larger than the file
 * itself) is written in full.
 */
import { structuredPatch } from 'diff';
import { applyEdits, writeEditBlocks, type EditBlock } from '../../../core/snapshot/index.ts';
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

/** Blocks that turn `before` into `after` under the core rules, or null. */
export function editBlocksFor(before: string, after: string): EditBlock[] | null {
  if (before === after) return null;
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
