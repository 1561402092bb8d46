/**
 * Svelte 5 runes as models misuse them, each fixed by one narrow rule from the compiler's error
 * (svelte-errors.ts compiles again and keeps a fix only when the component then compiles):
 *
 * - `$state count = 0;` (`js_parse_error`): a rune written as a keyword → `let count = $state(0);`;
 * - `$derived(number, n => n * 2)` (`rune_invalid_arguments_length`): Svelte 4's derived store
 *   `derived(store, fn)` → `$derived(number * 2)`, the callback's body with its parameter replaced
 *   by the value (only a simple value and an expression body without functions of its own);
 * - `const number = $state(5)` assigned later (`constant_assignment`): state declared with `let`;
 * - `$props({ name: 'World' })` (`rune_invalid_arguments`): defaults passed as an argument →
 *   `$props()`, when the destructuring already names each (its default added where it has none,
 *   refused where it has another);
 * - `$inspect.trace()` not first in its function (`inspect_trace_invalid_placement`): moved to the
 *   start of the function's body, with the comment lines just above it.
 */
import { isNode, walk, type AstNode } from './script-ast.ts';
import { nodeAt, parseSvelte, runeOf, type SvelteError } from './svelte-compile.ts';
import { applyEdits, type TextEdit } from './text-edits.ts';
import { lineEnd, lineStart, shortCode } from './svelte-text.ts';

export interface SvelteFix {
  content: string;
  /** The chat's sentence for the fix in `file`: 'Kiln rewrote … in src/App.svelte.' */
  sentence: (file: string) => string;
}

export type SvelteFixer = (source: string, error: SvelteError) => SvelteFix | null;

const NAME = '[A-Za-z_$][\\w$]*';
const RUNE_AS_KEYWORD = new RegExp(
  `^([ \\t]*)\\$(state|state\\.raw|derived)[ \\t]+(${NAME})[ \\t]*=[ \\t]*(\\S.*?)[ \\t]*;?[ \\t]*$`,
);

/** `$state count = 0;` → `let count = $state(0);` (the error is on that line). */
export const runeWrittenAsKeyword: SvelteFixer = (source, error) => {
  if (error.code !== 'js_parse_error' || error.start < 0) return null;
  const start = lineStart(source, error.start);
  const end = lineEnd(source, error.start);
  const line = source.slice(start, end);
  const match = RUNE_AS_KEYWORD.exec(line);
  if (!match) return null;
  const [, indent, rune, name, value] = match;
  const written = `${indent}let ${name} = $${rune}(${value});`;
  return {
    content: source.slice(0, start) + written + source.slice(end),
    sentence: (file) => `Kiln rewrote '${line.trim()}' as '${written.trim()}' in ${file}.`,
  };
};

/** `$derived(value, (v) => expression)` → `$derived(expression with value for v)`. */
export const derivedWithCallback: SvelteFixer = (source, error) => {
  if (error.code !== 'rune_invalid_arguments_length') return null;
  const tree = parseSvelte(source);
  const call = tree && nodeAt(tree, error.start, error.end, (node) => runeOf(node) === '$derived');
  if (!call) return null;
  const [value, callback] = call.arguments as AstNode[];
  if ((call.arguments as AstNode[]).length !== 2 || !value || !callback) return null;
  if (!isSimpleValue(value) || callback.type !== 'ArrowFunctionExpression' || callback.async) return null;
  const params = callback.params as AstNode[];
  const body = callback.body as AstNode;
  if (params.length > 1 || (params[0] && params[0].type !== 'Identifier')) return null;
  if (body.type === 'BlockStatement' || body.type === 'SequenceExpression') return null;
  const param = params[0] ? String(params[0].name) : null;
  const valueText = source.slice(value.start!, value.end!);
  const edits: TextEdit[] = [];
  let refused = false;
  walk(body, (node, parent, key) => {
    if (refused) return false;
    if (/Function|Class/.test(node.type)) {
      refused = true;
      return false;
    }
    if (node.type !== 'Identifier' || node.name !== param) return;
    // A property's name is not the parameter; a shorthand `{ n }` would need a key written.
    if (parent?.type === 'MemberExpression' && key === 'property' && !parent.computed) return;
    if (parent?.type === 'Property' && (parent.shorthand || (key === 'key' && !parent.computed))) {
      refused = refused || Boolean(parent.shorthand);
      return;
    }
    edits.push({ start: node.start! - body.start!, end: node.end! - body.start!, text: valueText });
  });
  if (refused) return null;
  const expression = applyEdits(source.slice(body.start!, body.end!), edits);
  const written = `$derived(${expression})`;
  return {
    content: source.slice(0, call.start!) + written + source.slice(call.end!),
    sentence: (file) =>
      `Kiln rewrote '${shortCode(source.slice(call.start!, call.end!))}' as '${shortCode(written)}' in ${file}.`,
  };
};

/** A name or a chain of property reads (`count`, `store.total`): safe to write anywhere. */
function isSimpleValue(node: AstNode): boolean {
  if (node.type === 'Identifier') return true;
  return (
    node.type === 'MemberExpression' &&
    !node.computed &&
    !node.optional &&
    isSimpleValue(node.object as AstNode)
  );
}

/** `const number = $state(5)` and later `number += 1` → `let number = $state(5)`. */
export const stateDeclaredConst: SvelteFixer = (source, error) => {
  if (error.code !== 'constant_assignment') return null;
  const tree = parseSvelte(source);
  if (!tree?.instance) return null;
  const assignment = nodeAt(tree, error.start, error.end, (node) =>
    ['AssignmentExpression', 'UpdateExpression'].includes(node.type),
  );
  const target = assignment && ((assignment.left ?? assignment.argument) as AstNode);
  if (!target || target.type !== 'Identifier') return null;
  const name = String(target.name);
  // The name must be declared once in the whole script (no shadowing), by a top-level const of state.
  if (declarationsOf(tree.instance, name) !== 1) return null;
  const declaration = (tree.instance.body as AstNode[]).find(
    (statement) =>
      statement.type === 'VariableDeclaration' &&
      (statement.declarations as AstNode[]).some((declarator) => nameOfDeclarator(declarator) === name),
  );
  if (!declaration || declaration.kind !== 'const') return null;
  const declarator = (declaration.declarations as AstNode[]).find((item) => nameOfDeclarator(item) === name)!;
  const init = declarator.init as AstNode | null;
  if (!init || !['$state', '$state.raw'].includes(runeOf(init) ?? '')) return null;
  const start = declaration.start!;
  if (source.slice(start, start + 5) !== 'const') return null;
  return {
    content: `${source.slice(0, start)}let${source.slice(start + 5)}`,
    sentence: (file) => `Kiln declared ${name} with let, not const, in ${file}: the component assigns to it.`,
  };
};

function nameOfDeclarator(declarator: AstNode): string | null {
  const id = declarator.id as AstNode;
  return id.type === 'Identifier' ? String(id.name) : null;
}

/** How often a name is declared anywhere in a script (variables, functions, parameters, imports). */
function declarationsOf(program: AstNode, name: string): number {
  let count = 0;
  const countPattern = (pattern: unknown) => {
    if (!isNode(pattern)) return;
    walk(pattern, (node, parent, key) => {
      if (node.type === 'Identifier' && node.name === name) {
        // In `{ a: b }` and `{ a }` the value binds (a shorthand's key is a copy); in `x = 1` only `x`.
        if (parent?.type === 'Property' && key === 'key') return;
        if (parent?.type === 'AssignmentPattern' && key === 'right') return false;
        count += 1;
      }
      if (node.type === 'AssignmentPattern') {
        countPattern(node.left);
        return false;
      }
    });
  };
  walk(program, (node) => {
    if (node.type === 'VariableDeclarator') countPattern(node.id);
    if (/Function/.test(node.type)) {
      if (isNode(node.id) && node.id.name === name) count += 1;
      for (const param of node.params as AstNode[]) countPattern(param);
    }
    if (node.type === 'ClassDeclaration' && isNode(node.id) && node.id.name === name) count += 1;
    if (/^Import(?:Default|Namespace)?Specifier$/.test(node.type)) countPattern(node.local);
    if (node.type === 'CatchClause') countPattern(node.param);
  });
  return count;
}

/** `const { name = 'World' } = $props({ name: 'World' })` → `… = $props()`. */
export const propsWithDefaults: SvelteFixer = (source, error) => {
  if (error.code !== 'rune_invalid_arguments' || !error.message.includes('$props')) return null;
  const tree = parseSvelte(source);
  const call = tree && nodeAt(tree, error.start, error.end, (node) => runeOf(node) === '$props');
  const declarator = call && tree.parentOf.get(call);
  if (!call || !declarator || declarator.type !== 'VariableDeclarator' || call.typeArguments) return null;
  const pattern = declarator.id as AstNode;
  const args = call.arguments as AstNode[];
  if (pattern.type !== 'ObjectPattern' || args.length !== 1 || args[0]!.type !== 'ObjectExpression')
    return null;
  const patternProperties = new Map<string, AstNode>();
  for (const property of pattern.properties as AstNode[]) {
    const key = property.type === 'Property' && !property.computed ? keyName(property.key as AstNode) : null;
    if (key !== null) patternProperties.set(key, property);
  }
  const text = (node: AstNode) => source.slice(node.start!, node.end!);
  const edits: TextEdit[] = [];
  for (const property of args[0]!.properties as AstNode[]) {
    if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method)
      return null;
    const key = keyName(property.key as AstNode);
    const read = key === null ? undefined : patternProperties.get(key);
    if (!read) return null;
    const value = property.value as AstNode;
    const target = read.value as AstNode;
    if (target.type === 'AssignmentPattern') {
      if (text(target.right as AstNode).replace(/\s+/g, ' ') !== text(value).replace(/\s+/g, ' '))
        return null;
    } else if (target.type === 'Identifier') {
      edits.push({
        start: read.end!,
        end: read.end!,
        text: ` = ${text(value)}`,
      });
    } else {
      return null;
    }
  }
  edits.push({ start: call.start!, end: call.end!, text: '$props()' });
  return {
    content: applyEdits(source, edits),
    sentence: (file) =>
      edits.length > 1
        ? `Kiln moved the defaults passed to $props(…) into its destructuring in ${file}: $props takes no arguments.`
        : `Kiln removed the defaults passed to $props(…) in ${file}: its destructuring gives the same ones, and $props takes no arguments.`,
  };
};

function keyName(key: AstNode): string | null {
  if (key.type === 'Identifier') return String(key.name);
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

/** `$inspect.trace()` later in its function → the function's first statement. */
export const inspectTraceNotFirst: SvelteFixer = (source, error) => {
  if (error.code !== 'inspect_trace_invalid_placement') return null;
  const tree = parseSvelte(source);
  const call = tree && nodeAt(tree, error.start, error.end, (node) => runeOf(node) === '$inspect.trace');
  const statement = call && tree.parentOf.get(call);
  const block = statement && tree.parentOf.get(statement);
  const owner = block && tree.parentOf.get(block);
  if (!statement || statement.type !== 'ExpressionStatement' || block?.type !== 'BlockStatement') return null;
  if (!owner || !/Function/.test(owner.type) || owner.body !== block) return null;
  const first = (block.body as AstNode[])[0]!;
  // Whole lines only: the statement alone on its lines, with the `//` comment lines just above it.
  let from = lineStart(source, statement.start!);
  const to = lineEnd(source, statement.end!) + 1;
  if (source.slice(from, statement.start!).trim() !== '' || source.slice(statement.end!, to).trim() !== '')
    return null;
  while (from > 0) {
    const previous = lineStart(source, from - 1);
    if (!/^[ \t]*\/\/.*$/.test(source.slice(previous, from - 1)) || previous <= first.start!) break;
    from = previous;
  }
  // …moved before the first statement and the `//` comment lines just above it.
  let at = lineStart(source, first.start!);
  if (source.slice(at, first.start!).trim() !== '') return null;
  while (at > block.start! + 1) {
    const previous = lineStart(source, at - 1);
    if (previous <= block.start! || !/^[ \t]*\/\/.*$/.test(source.slice(previous, at - 1))) break;
    at = previous;
  }
  return {
    content: applyEdits(source, [
      { start: at, end: at, text: source.slice(from, to) },
      { start: from, end: to, text: '' },
    ]),
    sentence: (file) =>
      `Kiln moved $inspect.trace() to the start of its function in ${file}: it must come first.`,
  };
};
