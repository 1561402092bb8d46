import { parse } from 'svelte/compiler';
import { insertLocations } from './insert.ts';

/** Parts of Svelte's AST that hold no markup: scripts, styles, expressions. */
const NOT_MARKUP = new Set(['instance', 'module', 'css', 'expression', 'attributes', 'metadata', 'options']);

/**
 * A Svelte component's markup, marked (issue 17 item 2): every plain element (`RegularElement`
 * in Svelte's own parser, inside blocks too) gets `data-kiln-loc="file:line:column"`. Components,
 * `<svelte:…>` elements and slots are left alone; a file that does not parse stays as written
 * (the build reports it). Null when nothing changes.
 */
export function addSvelteLocations(code: string, file: string): string | null {
  if (!code.includes('<')) return null;
  let ast: unknown;
  try {
    ast = parse(code, { modern: true });
  } catch {
    return null;
  }
  const starts: number[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const node = value as { type?: unknown; start?: unknown };
    if (node.type === 'RegularElement' && typeof node.start === 'number') starts.push(node.start);
    for (const [key, child] of Object.entries(node)) if (!NOT_MARKUP.has(key)) visit(child);
  };
  visit((ast as { fragment: unknown }).fragment);
  return insertLocations(code, file, starts);
}
