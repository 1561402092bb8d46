/**
 * A tiny reader for the Tailwind markup the demo authors itself: well-formed elements,
 * double-quoted attributes, text. Not a general HTML parser — it only has to read our own
 * fragments so they can be re-rendered per framework.
 */
export interface ElementNode {
  tag: string;
  attributes: [string, string][];
  children: MarkupNode[];
}
export type MarkupNode = ElementNode | string;

export const VOID_TAGS = new Set([
  'img',
  'input',
  'br',
  'hr',
  'meta',
  'link',
  'source',
  'area',
  'col',
  'wbr',
]);

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
}

const OPEN_TAG = /^<([a-zA-Z][\w-]*)((?:\s+[\w:@.-]+(?:="[^"]*")?)*)\s*(\/?)>/;
const ATTRIBUTE = /([\w:@.-]+)(?:="([^"]*)")?/g;

export function parseMarkup(source: string): MarkupNode[] {
  const root: ElementNode = { tag: '#root', attributes: [], children: [] };
  const stack: ElementNode[] = [root];
  let rest = source;
  while (rest.length > 0) {
    const parent = stack[stack.length - 1] as ElementNode;
    if (rest.startsWith('</')) {
      const end = rest.indexOf('>');
      const tag = rest.slice(2, end).trim();
      if (parent.tag !== tag) throw new Error(`demo markup: </${tag}> closes <${parent.tag}>`);
      stack.pop();
      rest = rest.slice(end + 1);
      continue;
    }
    const open = rest.startsWith('<') ? OPEN_TAG.exec(rest) : null;
    if (open) {
      const [whole, tag = '', attributeText = '', selfClosing] = open;
      const attributes: [string, string][] = [];
      for (const match of attributeText.matchAll(ATTRIBUTE)) {
        attributes.push([match[1] ?? '', decodeEntities(match[2] ?? '')]);
      }
      const element: ElementNode = { tag, attributes, children: [] };
      parent.children.push(element);
      if (!selfClosing && !VOID_TAGS.has(tag)) stack.push(element);
      rest = rest.slice(whole.length);
      continue;
    }
    const next = rest.indexOf('<', 1);
    const raw = next === -1 ? rest : rest.slice(0, next);
    rest = next === -1 ? '' : rest.slice(next);
    const text = decodeEntities(raw.replace(/\s+/g, ' '));
    // Whitespace authored inline (`</span> <span>`) separates words; a line break between
    // block children is only layout.
    if (text.trim() !== '' || !raw.includes('\n')) parent.children.push(text);
  }
  if (stack.length !== 1) throw new Error(`demo markup: <${stack[stack.length - 1]?.tag}> is not closed`);
  return root.children;
}
