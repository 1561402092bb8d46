/**
 * JavaScript and TypeScript as Babel's parser reads it (the parser Kiln already uses for JSX
 * locations): the tree of a script, a walk over it that knows each node's parent, and the lang of
 * a file or a script block. A script that does not parse gives null, and the repairs leave it
 * alone: the build then reports the model's error as it is.
 */
import { parse, type ParserPlugin } from '@babel/parser';

export interface AstNode {
  type: string;
  start?: number | null;
  end?: number | null;
  [key: string]: unknown;
}

export type ScriptLang = 'js' | 'jsx' | 'ts' | 'tsx';

const SCRIPT_EXTENSIONS: Record<string, ScriptLang> = {
  '.js': 'jsx',
  '.jsx': 'jsx',
  '.mjs': 'js',
  '.cjs': 'js',
  '.ts': 'ts',
  '.mts': 'ts',
  '.cts': 'ts',
  '.tsx': 'tsx',
};

/** The lang of a JavaScript or TypeScript file by its name ('.d.ts' files are not scripts). */
export function scriptLangOfFile(name: string): ScriptLang | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.d.ts') || lower.endsWith('.d.mts') || lower.endsWith('.d.cts')) return null;
  const dot = lower.lastIndexOf('.');
  return dot < 0 ? null : (SCRIPT_EXTENSIONS[lower.slice(dot)] ?? null);
}

/** The lang of a `<script lang="…">` block (no attribute: JavaScript); null for another language. */
export function scriptLangOfAttribute(lang: string | null): ScriptLang | null {
  if (lang === null || lang === '' || lang === 'js' || lang === 'javascript') return 'jsx';
  if (lang === 'jsx' || lang === 'ts' || lang === 'tsx') return lang;
  if (lang === 'typescript') return 'ts';
  return null;
}

function pluginsOf(lang: ScriptLang): ParserPlugin[] {
  // TypeScript without JSX keeps `<T>value` casts; Angular's decorators are the legacy kind.
  if (lang === 'ts') return ['typescript', 'decorators-legacy'];
  if (lang === 'tsx') return ['typescript', 'jsx', 'decorators-legacy'];
  return ['jsx'];
}

/** The `Program` node of a module, or null when it does not parse. */
export function parseScript(code: string, lang: ScriptLang): AstNode | null {
  try {
    const file = parse(code, { sourceType: 'module', plugins: pluginsOf(lang), errorRecovery: false });
    return file.program as unknown as AstNode;
  } catch {
    return null;
  }
}

/** Keys of a Babel node that never hold child nodes (positions, comments, tokens). */
const SKIPPED_KEYS = new Set([
  'loc',
  'start',
  'end',
  'extra',
  'range',
  'leadingComments',
  'trailingComments',
  'innerComments',
]);

export function isNode(value: unknown): value is AstNode {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

/**
 * Visits every node depth-first in source order with its parent and the key it sits under.
 * Returning false from the visitor skips the node's children.
 */
export function walk(
  root: AstNode,
  visit: (node: AstNode, parent: AstNode | null, key: string | null) => boolean | void,
): void {
  const stack: { node: AstNode; parent: AstNode | null; key: string | null }[] = [
    { node: root, parent: null, key: null },
  ];
  while (stack.length) {
    const { node, parent, key } = stack.pop()!;
    if (visit(node, parent, key) === false) continue;
    const children: { node: AstNode; parent: AstNode; key: string }[] = [];
    for (const childKey of Object.keys(node)) {
      if (SKIPPED_KEYS.has(childKey)) continue;
      const value = node[childKey];
      if (Array.isArray(value)) {
        for (const item of value)
          if (isNode(item)) children.push({ node: item, parent: node, key: childKey });
      } else if (isNode(value)) {
        children.push({ node: value, parent: node, key: childKey });
      }
    }
    children.sort((a, b) => (a.node.start ?? 0) - (b.node.start ?? 0));
    for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
  }
}

/** The string value of an import's source or an imported name (`'vue'`, `ChartLine`). */
export function nameOf(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'Identifier' || node.type === 'JSXIdentifier') return node.name as string;
  if (node.type === 'StringLiteral') return node.value as string;
  return null;
}
