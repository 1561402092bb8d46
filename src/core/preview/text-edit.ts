import { applyEdits, type EditBlock } from '../snapshot/index.ts';

/** Edit text in place (issue 17 item 2): the text of one element, changed in the preview. */
export interface TextEdit {
  /** The element's source location, from the preview build (`data-kiln-loc`). */
  line: number;
  /** The element's text as the preview showed it, and as the person wrote it. */
  before: string;
  after: string;
}

export const MAX_EDITED_TEXT = 2000;

export type TextEditResult =
  | { ok: true; content: string; block: EditBlock }
  | { ok: false; code: 'markup' | 'unchanged' | 'not-found' | 'ambiguous'; message: string };

/** How many lines after the element's start tag its text may begin. */
const SEARCH_LINES = 20;
/** How many lines above it may be added to the SEARCH until it is unique. */
const CONTEXT_LINES = 12;

/**
 * The SEARCH/REPLACE edit that writes `after` where the element's text `before` is in its source
 * file — never a guess: the text must stand on one line at or below the element's start line
 * (the first such line), and that line, with the lines above it added while it is not unique,
 * must occur exactly once in the file (core `applyEdits`). Text that is not written as
 * such in the source (an expression, an entity, a line break) is 'not-found'; the person asks the
 * model instead. `after` becomes text, never markup: `<`, `>`, `{`, `}` are refused and `&` is
 * written as `&amp;`, which HTML, JSX and every framework's template read back as `&`.
 */
export function textEditOf(content: string, edit: TextEdit): TextEditResult {
  const before = edit.before.trim();
  const after = edit.after.replace(/\s+/g, ' ').trim();
  if (/[<>{}]/.test(after)) {
    return {
      ok: false,
      code: 'markup',
      message: 'Text edits cannot add markup or braces: ask Kiln instead.',
    };
  }
  if (before === '' || before === after) {
    return { ok: false, code: 'unchanged', message: 'The text did not change.' };
  }
  const lines = content.replace(/\r\n/g, '\n').split('\n');
  const start = edit.line - 1;
  let found = -1;
  for (let index = Math.max(0, start); index < Math.min(lines.length, start + SEARCH_LINES); index++) {
    if (lines[index]!.includes(before)) {
      found = index;
      break;
    }
  }
  if (found === -1) {
    return {
      ok: false,
      code: 'not-found',
      message:
        'This text is not written as such in the source (an expression, or several lines): ask Kiln to change it.',
    };
  }
  const replaced = lines[found]!.replace(before, () => after.replace(/&/g, '&amp;'));
  for (let from = found; from >= Math.max(0, found - CONTEXT_LINES); from--) {
    const block = {
      search: lines.slice(from, found + 1).join('\n'),
      replace: [...lines.slice(from, found), replaced].join('\n'),
    };
    const result = applyEdits(content, [block]);
    if (result.ok) return { ok: true, content: result.content, block };
    if (result.reason !== 'ambiguous') break;
  }
  return {
    ok: false,
    code: 'ambiguous',
    message: 'This text appears more than once around the element: ask Kiln to change it.',
  };
}
