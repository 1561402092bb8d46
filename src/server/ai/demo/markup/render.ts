import { attributeName, escapeAttributeValue, escapeText, type Dialect } from './dialect.ts';
import { parseMarkup, VOID_TAGS, type ElementNode, type MarkupNode } from './tree.ts';

const INDENT = '  ';

/**
 * Renders authored Tailwind markup in a framework's template language, one element per line.
 * An element holding text is written on one line, so JSX never loses the spaces between
 * words and inline elements (JSX drops whitespace that contains a newline).
 */
export function renderMarkup(source: string, dialect: Dialect, depth = 0): string {
  return parseMarkup(source)
    .map((node) => renderNode(node, dialect, depth))
    .join('\n');
}

function renderNode(node: MarkupNode, dialect: Dialect, depth: number): string {
  const pad = INDENT.repeat(depth);
  if (typeof node === 'string') return pad + escapeText(dialect, node.trim());
  return pad + renderElement(node, dialect, depth);
}

function openTag(element: ElementNode, dialect: Dialect): string {
  const attributes = element.attributes
    .map(([name, value]) => {
      const renamed = attributeName(dialect, name);
      // A bare boolean attribute: JSX and the template languages all accept the name alone.
      return value === '' && isBooleanAttribute(name)
        ? ` ${renamed}`
        : ` ${renamed}="${escapeAttributeValue(dialect, value)}"`;
    })
    .join('');
  return `<${element.tag}${attributes}`;
}

function isBooleanAttribute(name: string): boolean {
  return ['required', 'disabled', 'checked', 'readonly', 'hidden', 'open', 'autofocus'].includes(name);
}

function renderElement(element: ElementNode, dialect: Dialect, depth: number): string {
  const open = openTag(element, dialect);
  if (VOID_TAGS.has(element.tag)) return `${open} />`;
  if (element.children.length === 0) return `${open}></${element.tag}>`;
  if (element.children.some((child) => typeof child === 'string')) {
    return `${open}>${renderInline(element.children, dialect).trim()}</${element.tag}>`;
  }
  const inner = element.children.map((child) => renderNode(child, dialect, depth + 1)).join('\n');
  return `${open}>\n${inner}\n${INDENT.repeat(depth)}</${element.tag}>`;
}

function renderInline(children: MarkupNode[], dialect: Dialect): string {
  return children
    .map((child) => {
      if (typeof child === 'string') return escapeText(dialect, child);
      const open = openTag(child, dialect);
      if (VOID_TAGS.has(child.tag)) return `${open} />`;
      return `${open}>${renderInline(child.children, dialect)}</${child.tag}>`;
    })
    .join('');
}
