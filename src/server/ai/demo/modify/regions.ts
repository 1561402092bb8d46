import type { Dialect } from '../markup/dialect.ts';
import { renderMarkup } from '../markup/render.ts';

/** The part of a file that holds template markup: [start, end), or undefined. */
export function markupRegion(content: string, dialect: Dialect, path: string): [number, number] | undefined {
  switch (dialect) {
    case 'html':
      return [0, content.length];
    case 'jsx': {
      const start = content.search(/return\s*\(/);
      return start === -1 ? undefined : [start, content.length];
    }
    case 'vue': {
      const open = content.indexOf('<template>');
      const close = content.lastIndexOf('</template>');
      return open === -1 || close <= open ? undefined : [open + '<template>'.length, close];
    }
    case 'svelte': {
      const scriptEnd = content.lastIndexOf('</script>');
      const start = scriptEnd === -1 ? 0 : scriptEnd + '</script>'.length;
      const style = content.indexOf('<style', start);
      return [start, style === -1 ? content.length : style];
    }
    case 'angular': {
      if (path.endsWith('.html')) return [0, content.length];
      const match = /template:\s*`/.exec(content);
      if (!match) return undefined;
      const start = match.index + match[0].length;
      const end = content.indexOf('`', start);
      return end === -1 ? undefined : [start, end];
    }
  }
}

function lineIndent(content: string, at: number): string {
  const lineStart = content.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(content.slice(lineStart))?.[0] ?? '';
}

function renderIndented(markup: string, dialect: Dialect, indent: string): string {
  return renderMarkup(markup, dialect, 0)
    .split('\n')
    .map((line) => indent + line)
    .join('\n');
}

/** Puts already-rendered lines on their own lines right before `at` (a tag at a line start). */
function insertLinesBefore(content: string, at: number, lines: string): string {
  const lineStart = content.lastIndexOf('\n', at - 1) + 1;
  const isAlone = content.slice(lineStart, at).trim() === '';
  if (isAlone) return `${content.slice(0, lineStart)}${lines}\n${content.slice(lineStart)}`;
  return `${content.slice(0, at)}\n${lines}\n${lineIndent(content, at)}${content.slice(at)}`;
}

/** The last closing tag in the region: preferably `</main>`, else `</body>`, else any. */
function lastClosingTag(content: string, region: [number, number]): number {
  const text = content.slice(region[0], region[1]);
  for (const pattern of [/<\/main\s*>/g, /<\/body\s*>/g, /<\/[a-zA-Z][\w.-]*\s*>|<\/>/g]) {
    let last = -1;
    for (const match of text.matchAll(pattern)) last = match.index;
    if (last !== -1) return region[0] + last;
  }
  return -1;
}

/**
 * Adds markup (authored as HTML, rendered in the file's dialect) at the end of the page's root
 * element, indented one level inside it. Undefined when the file has no markup to extend.
 */
export function appendMarkup(
  content: string,
  dialect: Dialect,
  path: string,
  markup: string,
): string | undefined {
  const region = markupRegion(content, dialect, path);
  if (!region) return undefined;
  const at = lastClosingTag(content, region);
  if (at === -1) {
    const before = content.slice(0, region[1]).replace(/\s*$/, '');
    return `${before}\n${renderIndented(markup, dialect, '')}\n${content.slice(region[1]).replace(/^\s*/, '')}`;
  }
  return insertLinesBefore(content, at, renderIndented(markup, dialect, `${lineIndent(content, at)}  `));
}

/** Adds markup (or pre-rendered lines) as the first child of the page's <main>; else appends. */
export function prependMarkup(
  content: string,
  dialect: Dialect,
  path: string,
  markup: string,
): string | undefined {
  const region = markupRegion(content, dialect, path);
  if (!region) return undefined;
  const open = /<main\b[^>]*>/.exec(content.slice(region[0], region[1]));
  if (!open) return appendMarkup(content, dialect, path, markup);
  const at = region[0] + open.index + open[0].length;
  const indent = `${lineIndent(content, region[0] + open.index)}  `;
  return `${content.slice(0, at)}\n${renderIndented(markup, dialect, indent)}${content.slice(at)}`;
}

/** Same as appendMarkup/prependMarkup for lines that are already in the file's language. */
export function insertRawLines(
  content: string,
  dialect: Dialect,
  path: string,
  lines: string,
  where: 'top' | 'bottom',
): string | undefined {
  const region = markupRegion(content, dialect, path);
  if (!region) return undefined;
  const text = content.slice(region[0], region[1]);
  const open = where === 'top' ? /<main\b[^>]*>/.exec(text) : null;
  if (open) {
    const at = region[0] + open.index + open[0].length;
    const indent = `${lineIndent(content, region[0] + open.index)}  `;
    return `${content.slice(0, at)}\n${reindent(lines, indent)}${content.slice(at)}`;
  }
  const at = lastClosingTag(content, region);
  if (at === -1) return undefined;
  return insertLinesBefore(content, at, reindent(lines, `${lineIndent(content, at)}  `));
}

/** Strips the lines' common indentation and indents them by `indent`. */
export function reindent(lines: string, indent: string): string {
  const rows = lines.replace(/^\n+|\s+$/g, '').split('\n');
  const common = rows.reduce(
    (least, row) => (row.trim() === '' ? least : Math.min(least, /^ */.exec(row)?.[0].length ?? 0)),
    Infinity,
  );
  return rows.map((row) => (row.trim() === '' ? '' : indent + row.slice(common))).join('\n');
}
