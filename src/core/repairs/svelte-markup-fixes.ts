/**
 * A component's parts in the wrong place, each fixed by one narrow rule from the compiler's error
 * (svelte-errors.ts compiles again and keeps a fix only when the component then compiles):
 *
 * - a second `<svelte:options>` (`svelte_meta_duplicate`) that sets nothing, or only what the
 *   first sets, is removed;
 * - a snippet written inside `<script>` as if it were a function (`js_parse_error`):
 *   `const title = snippet(bookTitle) { <span>{bookTitle}</span> };` becomes the markup's
 *   `{#snippet title(bookTitle)}…{/snippet}`, just after the script.
 */
import type { SvelteFix, SvelteFixer } from './svelte-rune-fixes.ts';
import { lineEnd, lineStart } from './svelte-text.ts';
import { scriptBlocks } from './source-blocks.ts';

const OPTIONS =
  /<svelte:options((?:\s+(?:[^>"'{}/]|"[^"]*"|'[^']*'|\{[^}]*\})*)?)\s*(?:\/>|>\s*<\/svelte:options\s*>)/g;

/** A second `<svelte:options>` that changes nothing the first does not. */
export const duplicateOptions: SvelteFixer = (source, error) => {
  if (error.code !== 'svelte_meta_duplicate' || !error.message.includes('svelte:options')) return null;
  const all = [...source.matchAll(OPTIONS)];
  const second = all.find((match) => match.index === error.start);
  if (all.length !== 2 || !second || second === all[0]) return null;
  const attributes = (match: RegExpExecArray) => (match[1] ?? '').trim().split(/\s+/).filter(Boolean).sort();
  const [first, again] = [attributes(all[0]!), attributes(second)];
  if (again.some((attribute) => !first.includes(attribute))) return null;
  let start = second.index;
  let end = second.index + second[0].length;
  // The element's whole line when it stands alone, and one blank line of the two around it.
  if (
    source.slice(lineStart(source, start), start).trim() === '' &&
    source.slice(end, lineEnd(source, end)).trim() === ''
  ) {
    start = lineStart(source, start);
    end = Math.min(source.length, lineEnd(source, end) + 1);
    const blankBefore = start >= 2 && source.slice(lineStart(source, start - 1), start - 1).trim() === '';
    const blankAfter = end < source.length && source.slice(end, lineEnd(source, end)).trim() === '';
    if (blankBefore && blankAfter) end = Math.min(source.length, lineEnd(source, end) + 1);
  }
  return {
    content: source.slice(0, start) + source.slice(end),
    sentence: (file) =>
      again.length === 0
        ? `Kiln removed a second, empty <svelte:options> from ${file} (a component has one).`
        : `Kiln removed a second <svelte:options>, which repeated the first, from ${file} (a component has one).`,
  };
};

const SNIPPET_IN_SCRIPT =
  /^([ \t]*)(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)[ \t]*=[ \t]*snippet[ \t]*\(([^()]*)\)[ \t]*\{[ \t]*$/;

/** `const title = snippet(bookTitle) { …markup… };` in `<script>` → `{#snippet title(bookTitle)}`. */
export const snippetInScript: SvelteFixer = (source, error): SvelteFix | null => {
  if (error.code !== 'js_parse_error' || error.start < 0) return null;
  const script = scriptBlocks('component.svelte', source).find(
    (block) => block.start <= error.start && error.start <= block.end,
  );
  if (!script) return null;
  const start = lineStart(source, error.start);
  const line = source.slice(start, lineEnd(source, error.start));
  const match = SNIPPET_IN_SCRIPT.exec(line);
  if (!match) return null;
  const [, indent, name, params] = match;
  // The body: markup up to the brace closing the snippet's, which ends its line (`}` or `};`).
  const open = start + line.lastIndexOf('{');
  let depth = 0;
  let close = -1;
  for (let index = open; index < script.end; index += 1) {
    if (source[index] === '{') depth += 1;
    else if (source[index] === '}' && --depth === 0) {
      close = index;
      break;
    }
  }
  if (close < 0 || !/^[ \t]*;?[ \t]*$/.test(source.slice(close + 1, lineEnd(source, close)))) return null;
  const body = source
    .slice(open + 1, close)
    .replace(/^[ \t]*\n/, '')
    .replace(/\n[ \t]*$/, '')
    .split('\n')
    .map((line) => (line.startsWith(indent!) ? line.slice(indent!.length) : line.trimStart()))
    .join('\n');
  const snippet = `{#snippet ${name}(${params!.trim()})}\n${body}\n{/snippet}`;
  const removedEnd = Math.min(source.length, lineEnd(source, close) + 1);
  // A blank line left between the script's last statement and its end goes too.
  let removedStart = start;
  const previous = start >= 1 ? lineStart(source, start - 1) : start;
  if (
    previous < start &&
    source.slice(previous, start).trim() === '' &&
    source.slice(removedEnd, script.end).trim() === ''
  )
    removedStart = previous;
  const closingTag = source.indexOf('>', script.end) + 1;
  if (closingTag <= 0) return null;
  const content =
    source.slice(0, removedStart) +
    source.slice(removedEnd, closingTag) +
    `\n\n${snippet}` +
    source.slice(closingTag);
  return {
    content,
    sentence: (file) =>
      `Kiln moved the snippet ${name} out of <script> in ${file}, into the markup as {#snippet ${name}(${params!.trim()})}.`,
  };
};
