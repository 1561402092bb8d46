/**
 * The parts of a project file that hold code: the whole of a JavaScript/TypeScript or CSS file,
 * the `<script>` and `<style>` blocks of a Vue or Svelte component. Vue components are read with
 * Vue's own SFC parser (@vue/compiler-dom, which Kiln already uses); Svelte allows a `<script>`
 * or `<style>` element only at the top level, closed by the first `</script>` or `</style>`, so a
 * pattern finds them exactly.
 */
import { NodeTypes, parse, type ElementNode } from '@vue/compiler-dom';
import { scriptLangOfAttribute, scriptLangOfFile, type ScriptLang } from './script-ast.ts';

export interface ScriptBlock {
  kind: 'script';
  /** Offsets of the block's code within the file. */
  start: number;
  end: number;
  lang: ScriptLang;
  /** Vue's `<script setup>`. */
  setup: boolean;
}

export interface StyleBlock {
  kind: 'style';
  start: number;
  end: number;
  /** 'css', 'scss', 'less'…; the file's extension for a stylesheet. */
  lang: string;
}

export type SourceBlock = ScriptBlock | StyleBlock;

const STYLESHEET = /\.(css|scss|sass|less|styl|pcss|postcss)$/i;

/** The code blocks of a file; empty for a file that holds none (or a component that does not parse). */
export function sourceBlocks(name: string, content: string): SourceBlock[] {
  const lower = name.toLowerCase();
  if (lower.endsWith('.vue')) return vueBlocks(content);
  if (lower.endsWith('.svelte')) return svelteBlocks(content);
  const lang = scriptLangOfFile(name);
  if (lang) return [{ kind: 'script', start: 0, end: content.length, lang, setup: false }];
  const stylesheet = STYLESHEET.exec(name);
  if (stylesheet)
    return [{ kind: 'style', start: 0, end: content.length, lang: stylesheet[1]!.toLowerCase() }];
  return [];
}

export function scriptBlocks(name: string, content: string): ScriptBlock[] {
  return sourceBlocks(name, content).filter((block): block is ScriptBlock => block.kind === 'script');
}

function vueBlocks(content: string): SourceBlock[] {
  let root;
  try {
    // Template errors are the build's to report; only the blocks' places matter here.
    root = parse(content, { parseMode: 'sfc', onError: () => undefined });
  } catch {
    return [];
  }
  const blocks: SourceBlock[] = [];
  for (const node of root.children) {
    if (node.type !== NodeTypes.ELEMENT || (node.tag !== 'script' && node.tag !== 'style')) continue;
    const range = innerRange(node);
    if (!range) continue;
    const lang = attribute(node, 'lang');
    if (node.tag === 'style') {
      blocks.push({ kind: 'style', ...range, lang: (lang ?? 'css').toLowerCase() });
      continue;
    }
    if (attribute(node, 'src') !== null) continue;
    const scriptLang = scriptLangOfAttribute(lang === null ? null : lang.toLowerCase());
    if (scriptLang)
      blocks.push({ kind: 'script', ...range, lang: scriptLang, setup: hasAttribute(node, 'setup') });
  }
  return blocks;
}

function innerRange(node: ElementNode): { start: number; end: number } | null {
  const first = node.children[0];
  const last = node.children[node.children.length - 1];
  if (!first || !last) return null;
  return { start: first.loc.start.offset, end: last.loc.end.offset };
}

function hasAttribute(node: ElementNode, name: string): boolean {
  return node.props.some((prop) => prop.type === NodeTypes.ATTRIBUTE && prop.name === name);
}

function attribute(node: ElementNode, name: string): string | null {
  for (const prop of node.props) {
    if (prop.type === NodeTypes.ATTRIBUTE && prop.name === name) return prop.value?.content ?? '';
  }
  return null;
}

const SVELTE_BLOCK = /<(script|style)(\s(?:[^>"']|"[^"]*"|'[^']*')*)?>([\s\S]*?)<\/\1\s*>/gi;
const LANG_ATTRIBUTE = /\blang\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

function svelteBlocks(content: string): SourceBlock[] {
  const blocks: SourceBlock[] = [];
  for (const match of content.matchAll(SVELTE_BLOCK)) {
    const attributes = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const langMatch = LANG_ATTRIBUTE.exec(attributes);
    const lang = langMatch ? (langMatch[1] ?? langMatch[2] ?? langMatch[3] ?? '').toLowerCase() : null;
    const start = match.index + 1 + match[1]!.length + attributes.length + 1;
    const end = start + (match[3] ?? '').length;
    if (match[1]!.toLowerCase() === 'style') {
      blocks.push({ kind: 'style', start, end, lang: lang ?? 'css' });
      continue;
    }
    // A `<script type="application/ld+json">` in markup is data, not a module.
    if (/\btype\s*=\s*["']?(?!module|text\/javascript)/i.test(attributes)) continue;
    const scriptLang = scriptLangOfAttribute(lang);
    if (scriptLang) blocks.push({ kind: 'script', start, end, lang: scriptLang, setup: false });
  }
  return blocks;
}
