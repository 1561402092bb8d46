/**
 * A Svelte component as Svelte 5's own compiler reads it: the first error it reports (its code and
 * the offsets it names), and the component's tree. The repairs of svelte-errors.ts decide by the
 * compiler's error and prove a repair by compiling again, so no guess is ever kept.
 */
import { compile, parse, VERSION } from 'svelte/compiler';
import { isNode, walk, type AstNode } from './script-ast.ts';
import { sourceBlocks } from './source-blocks.ts';

/** The Svelte major the compiler is: a project declaring another major is not judged by it. */
export const SVELTE_VERSION: string = VERSION;

export interface SvelteError {
  /** The compiler's code: `js_parse_error`, `rune_invalid_arguments`, `constant_assignment`… */
  code: string;
  message: string;
  /** Offsets in the component the error names. */
  start: number;
  end: number;
}

/**
 * The first error compiling the component gives (analysis included, no code generated); null when
 * it compiles. Style blocks in another language than CSS (`lang="scss"`, which the project's
 * preprocessor compiles) are blanked first, keeping every offset.
 */
export function svelteCompileError(source: string, filename: string): SvelteError | null {
  try {
    compile(withoutPreprocessedStyles(source), { filename, generate: false });
    return null;
  } catch (error) {
    const { code, message, position } = error as { code?: unknown; message?: unknown; position?: unknown };
    const [start, end] = Array.isArray(position) ? (position as unknown[]) : [];
    return {
      code: typeof code === 'string' ? code : 'unknown',
      message: typeof message === 'string' ? message.split('\n')[0]! : String(error),
      start: typeof start === 'number' ? start : -1,
      end: typeof end === 'number' ? end : -1,
    };
  }
}

function withoutPreprocessedStyles(source: string): string {
  let out = source;
  for (const block of sourceBlocks('component.svelte', source)) {
    if (block.kind !== 'style' || block.lang === 'css') continue;
    out =
      out.slice(0, block.start) +
      out.slice(block.start, block.end).replace(/[^\n]/g, ' ') +
      out.slice(block.end);
  }
  return out;
}

export interface SvelteTree {
  /** The instance `<script>`'s program (ESTree, offsets in the component), if it has one. */
  instance: AstNode | null;
  /** Every node's parent, for the instance script's nodes. */
  parentOf: Map<AstNode, AstNode>;
}

/** The component's tree (Svelte's modern AST); null when it does not parse. */
export function parseSvelte(source: string): SvelteTree | null {
  let root: { instance?: { content?: unknown } | null };
  try {
    root = parse(withoutPreprocessedStyles(source), { modern: true }) as typeof root;
  } catch {
    return null;
  }
  const content = root.instance?.content;
  const instance = isNode(content) ? content : null;
  const parentOf = new Map<AstNode, AstNode>();
  if (instance) {
    walk(instance, (node, parent) => {
      if (parent) parentOf.set(node, parent);
    });
  }
  return { instance, parentOf };
}

/** The node of the instance script spanning exactly `start`–`end` that `test` accepts. */
export function nodeAt(
  tree: SvelteTree,
  start: number,
  end: number,
  test: (node: AstNode) => boolean,
): AstNode | null {
  let found: AstNode | null = null;
  if (!tree.instance) return null;
  walk(tree.instance, (node) => {
    if (found) return false;
    if ((node.start ?? -1) > end || (node.end ?? -1) < start) return false;
    if (node.start === start && node.end === end && test(node)) found = node;
  });
  return found;
}

/** `$props`, `$state.raw`: the rune a call's callee names, or null. */
export function runeOf(call: AstNode): string | null {
  if (call.type !== 'CallExpression') return null;
  const callee = call.callee as AstNode;
  if (callee.type === 'Identifier') return String(callee.name);
  if (
    callee.type === 'MemberExpression' &&
    !callee.computed &&
    (callee.object as AstNode).type === 'Identifier' &&
    (callee.property as AstNode).type === 'Identifier'
  ) {
    return `${String((callee.object as AstNode).name)}.${String((callee.property as AstNode).name)}`;
  }
  return null;
}
