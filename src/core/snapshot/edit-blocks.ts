/**
 * The SEARCH/REPLACE blocks inside a `<kilnFile action="edit">` element (docs/artifact-format.md
 * "Edits", decision 0044). The syntax is the one Aider and Cline made common, so models write it
 * reliably:
 *
 *   <<<<<<< SEARCH
 *   exact lines of the current file
 *   =======
 *   the lines that replace them
 *   >>>>>>> REPLACE
 *
 * Marker lines are read leniently (5 to 9 marker characters, trailing blanks, CRLF); anything
 * outside a block (a sentence, a code fence) is ignored.
 */
export interface EditBlock {
  search: string;
  replace: string;
}

export interface ParsedEditBlocks {
  /** Complete blocks, in order. */
  blocks: EditBlock[];
  /** A block was opened but its REPLACE marker never came (still streaming, or cut off). */
  hasOpenBlock: boolean;
}

export const SEARCH_MARKER = '<<<<<<< SEARCH';
export const DIVIDER_MARKER = '=======';
export const REPLACE_MARKER = '>>>>>>> REPLACE';

const SEARCH_LINE = /^<{5,9} ?SEARCH[ \t]*$/;
const DIVIDER_LINE = /^={5,9}[ \t]*$/;
const REPLACE_LINE = /^>{5,9} ?REPLACE[ \t]*$/;

/** Reads the blocks of an edit element's content. */
export function parseEditBlocks(content: string): ParsedEditBlocks {
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  const blocks: EditBlock[] = [];
  let state: 'outside' | 'search' | 'replace' = 'outside';
  let search: string[] = [];
  let replace: string[] = [];
  for (const line of lines) {
    if (state === 'outside') {
      if (SEARCH_LINE.test(line)) {
        state = 'search';
        search = [];
      }
    } else if (state === 'search') {
      if (DIVIDER_LINE.test(line)) {
        state = 'replace';
        replace = [];
      } else search.push(line);
    } else if (REPLACE_LINE.test(line)) {
      blocks.push({ search: search.join('\n'), replace: replace.join('\n') });
      state = 'outside';
    } else replace.push(line);
  }
  return { blocks, hasOpenBlock: state !== 'outside' };
}

/** Writes blocks in the canonical syntax (the demo model, tests, docs). */
export function writeEditBlocks(blocks: readonly EditBlock[]): string {
  return blocks
    .map((block) => {
      const search = block.search === '' ? '' : `${block.search}\n`;
      const replace = block.replace === '' ? '' : `${block.replace}\n`;
      return `${SEARCH_MARKER}\n${search}${DIVIDER_MARKER}\n${replace}${REPLACE_MARKER}`;
    })
    .join('\n');
}
