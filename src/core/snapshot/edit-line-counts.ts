/**
 * The +/− line counts the chat shows for an edited file: the lines each SEARCH/REPLACE block
 * removes and adds, context lines the block repeats unchanged not counted. Read from the
 * blocks alone, so the chat needs no previous snapshot and counts grow while the edit streams.
 */
import { parseEditBlocks } from './edit-blocks.ts';
import { diffLines, splitLines } from './line-diff.ts';

export interface LineCounts {
  added: number;
  removed: number;
}

export function editLineCounts(editContent: string): LineCounts {
  const counts = { added: 0, removed: 0 };
  for (const block of parseEditBlocks(editContent).blocks) {
    for (const op of diffLines(splitLines(block.search), splitLines(block.replace))) {
      if (op.kind === 'add') counts.added++;
      else if (op.kind === 'remove') counts.removed++;
    }
  }
  return counts;
}
