/**
 * The `<script>` and `<style>` blocks of a single-file component (`.vue`, `.svelte`), with their
 * `lang`: the script blocks are read as TypeScript or JavaScript, the style blocks as
 * stylesheets of their language (issue 33 item 1).
 */

export interface ComponentBlock {
  kind: 'script' | 'style';
  /** The `lang` attribute ('ts', 'scss'…), or '' when there is none. */
  lang: string;
  content: string;
}

const BLOCK = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
const LANG = /\blang\s*=\s*["']?([\w-]+)/i;

/** Every script and style block, in order; HTML comments around a block hide it. */
export function componentBlocks(source: string): ComponentBlock[] {
  const text = source.replace(/<!--[\s\S]*?-->/g, '');
  const blocks: ComponentBlock[] = [];
  for (const match of text.matchAll(BLOCK)) {
    const attributes = match[2]!;
    // `<script src="…">` has no content of its own; a JSON or template script is not code.
    if (
      match[1]!.toLowerCase() === 'script' &&
      /\btype\s*=\s*["']?(?!module|text\/javascript|text\/typescript)[\w/+-]/i.test(attributes)
    )
      continue;
    blocks.push({
      kind: match[1]!.toLowerCase() as ComponentBlock['kind'],
      lang: LANG.exec(attributes)?.[1]?.toLowerCase() ?? '',
      content: match[3]!,
    });
  }
  return blocks;
}
