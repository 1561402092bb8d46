/**
 * The module specifiers a JavaScript or TypeScript source names (issue 33 item 1): static
 * `import … from`, `export … from`, side-effect `import 'x'`, `import x = require('x')`,
 * `require('x')`, `import('x')` with a string literal, and type-only imports (a `tsc -b && vite
 * build` script and Angular's build type-check them). Babel's parser with error recovery reads
 * the file; where a model's file does not parse, a regex scan of the text stands in, so an
 * unparsable file still names its packages (the build then reports the syntax error itself).
 */
import { parse, type ParserPlugin } from '@babel/parser';

export interface ScriptDialect {
  typescript: boolean;
  jsx: boolean;
}

/** Every specifier the source names, in order of appearance, each once. */
export function scriptSpecifiers(code: string, dialect: ScriptDialect): string[] {
  const parsed = parsedSpecifiers(code, dialect);
  // A file with errors may have lost statements after the first one: add what the scan finds.
  if (parsed === null || parsed.hadErrors)
    return unique([...(parsed?.specifiers ?? []), ...scannedSpecifiers(code)]);
  return unique(parsed.specifiers);
}

interface AstNode {
  type: string;
  [key: string]: unknown;
}

const SKIPPED_KEYS = new Set([
  'loc',
  'start',
  'end',
  'extra',
  'comments',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'range',
  'tokens',
  'errors',
]);

function parsedSpecifiers(
  code: string,
  dialect: ScriptDialect,
): { specifiers: string[]; hadErrors: boolean } | null {
  const plugins: ParserPlugin[] = [];
  if (dialect.typescript) plugins.push('typescript', 'decorators-legacy');
  else plugins.push('decorators-legacy');
  if (dialect.jsx) plugins.push('jsx');
  let ast: AstNode & { errors?: unknown[] };
  try {
    ast = parse(code, {
      sourceType: 'module',
      plugins,
      errorRecovery: true,
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      allowImportExportEverywhere: true,
      allowUndeclaredExports: true,
    }) as unknown as AstNode & { errors?: unknown[] };
  } catch {
    return null;
  }
  const specifiers: string[] = [];
  const stack: unknown[] = [ast.program];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
      continue;
    }
    if (!isNode(value)) continue;
    const named = specifierOf(value);
    if (named !== null) specifiers.push(named);
    const children: unknown[] = [];
    for (const [key, child] of Object.entries(value)) {
      if (!SKIPPED_KEYS.has(key) && child !== null && typeof child === 'object') children.push(child);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return { specifiers, hadErrors: (ast.errors?.length ?? 0) > 0 };
}

function isNode(value: unknown): value is AstNode {
  return (
    value !== null && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string'
  );
}

/** The specifier one node names, or null. */
function specifierOf(node: AstNode): string | null {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportAllDeclaration':
    case 'ExportNamedDeclaration':
      return literal(node.source);
    case 'ImportExpression':
      return literal(node.source);
    case 'TSExternalModuleReference':
      return literal(node.expression);
    case 'TSImportType':
      return literal(
        (node.argument as AstNode | undefined)?.type === 'TSLiteralType'
          ? (node.argument as AstNode).literal
          : node.argument,
      );
    case 'CallExpression': {
      const callee = node.callee as AstNode | undefined;
      const isImport = callee?.type === 'Import';
      const isRequire = callee?.type === 'Identifier' && callee.name === 'require';
      const args = node.arguments as unknown[] | undefined;
      return isImport || isRequire ? literal(args?.[0]) : null;
    }
    default:
      return null;
  }
}

/** A string literal's value, or a template literal's without substitutions. */
function literal(node: unknown): string | null {
  if (!isNode(node)) return null;
  if (node.type === 'StringLiteral' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') {
    const quasis = node.quasis as { value: { cooked?: string | null } }[];
    const expressions = node.expressions as unknown[];
    if (expressions.length === 0 && quasis.length === 1) return quasis[0]!.value.cooked ?? null;
  }
  return null;
}

const SCAN_PATTERNS = [
  // import x from 'a', import { a, b } from 'a', import type X from 'a', export * from 'a'
  /(?:^|[^\w$.])(?:import|export)\s+(?:type\s+)?[^;'"`]*?\bfrom\s*(['"])([^'"\n]+)\1/g,
  // import 'a'
  /(?:^|[^\w$.])import\s*(['"])([^'"\n]+)\1/g,
  // import('a'), require('a')
  /(?:^|[^\w$.])(?:import|require)\s*\(\s*(['"`])([^'"`\n$]+)\1\s*\)/g,
];

/** The regex stand-in for a file that does not parse; comments are dropped first. */
export function scannedSpecifiers(code: string): string[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"\\])\/\/[^\n]*/g, '$1');
  const found: { index: number; specifier: string }[] = [];
  for (const pattern of SCAN_PATTERNS) {
    for (const match of text.matchAll(pattern)) found.push({ index: match.index, specifier: match[2]! });
  }
  return found.sort((a, b) => a.index - b.index).map((item) => item.specifier);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
