import { parse, type ParserPlugin } from '@babel/parser';
import MagicString from 'magic-string';
import { LOCATION_ATTRIBUTE, locationValue } from './location.ts';

interface AstNode {
  type: string;
  start?: number | null;
  end?: number | null;
  loc?: { start: { line: number; column: number } } | null;
  [key: string]: unknown;
}

/** Keys of a Babel node that never hold child nodes (positions, comments, tokens). */
const SKIPPED_KEYS = new Set([
  'loc',
  'start',
  'end',
  'extra',
  'leadingComments',
  'trailingComments',
  'innerComments',
]);

/**
 * Adds `data-kiln-loc={"file:line:column"}` to every host element (`<div>`, `<button>`, `<svg>`…)
 * of a JSX/TSX module: what React renders into the DOM, so the preview's bridge can name the
 * source of the element under the pointer. Components (`<Hero>`, `<motion.div>`) are left alone:
 * their own host elements carry their locations. The attribute goes right after the tag's name on
 * the same line, so every line keeps its number. Returns null when nothing changes (no JSX, or a
 * module that does not parse — the build then reports the error on the untouched file).
 */
export function addJsxLocations(code: string, file: string): string | null {
  if (!code.includes('<')) return null;
  const plugins: ParserPlugin[] = /\.tsx$/i.test(file) ? ['jsx', 'typescript'] : ['jsx'];
  let ast: AstNode;
  try {
    ast = parse(code, { sourceType: 'module', plugins, errorRecovery: false }) as unknown as AstNode;
  } catch {
    return null;
  }
  const out = new MagicString(code);
  let changed = false;
  const visit = (node: AstNode) => {
    if (node.type === 'JSXOpeningElement') {
      const name = node.name as AstNode;
      const attributes = node.attributes as AstNode[];
      if (isHostElement(name) && name.end != null && node.loc && !hasLocation(attributes)) {
        const value = locationValue(file, node.loc.start.line, node.loc.start.column + 1);
        out.appendLeft(name.end, ` ${LOCATION_ATTRIBUTE}={${JSON.stringify(value)}}`);
        changed = true;
      }
    }
    for (const key of Object.keys(node)) {
      if (SKIPPED_KEYS.has(key)) continue;
      const child = node[key];
      if (Array.isArray(child)) {
        for (const item of child) if (isNode(item)) visit(item);
      } else if (isNode(child)) {
        visit(child);
      }
    }
  };
  visit(ast);
  return changed ? out.toString() : null;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** `<div>`, `<my-element>`: a lower-case plain name is a DOM element in React. */
function isHostElement(name: AstNode): boolean {
  return name.type === 'JSXIdentifier' && /^[a-z]/.test(String(name.name));
}

function hasLocation(attributes: AstNode[]): boolean {
  return attributes.some(
    (attribute) =>
      attribute.type === 'JSXAttribute' && (attribute.name as AstNode).name === LOCATION_ATTRIBUTE,
  );
}
