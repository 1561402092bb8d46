/**
 * A PostCSS config written for Tailwind 3 (`plugins: { tailwindcss: {}, autoprefixer: {} }`)
 * fitted to Tailwind 4 (decision 0059), the way Tailwind's upgrade tool does it. Tailwind 4's
 * `tailwindcss` package is no PostCSS plugin (the build stops on it); it adds vendor prefixes
 * and inlines imports and nesting itself, so `autoprefixer`, `postcss-import` and
 * `tailwindcss/nesting` go. Where Tailwind runs as the template's Vite plugin, `tailwindcss` goes
 * too, and a config left with no plugin is removed; where PostCSS runs Tailwind, `tailwindcss`
 * becomes `@tailwindcss/postcss`. The file is read with Babel's parser (JSON configs as JSON) and
 * edited in place, so the rest of it stays as written; a config written another way (plugins
 * from a variable, a function) is left alone.
 */
import { parse } from '@babel/parser';
import MagicString from 'magic-string';

/** Where Tailwind 4 runs in the project: the Vite plugin (`@tailwindcss/vite`) or PostCSS. */
export type TailwindRoute = 'vite-plugin' | 'postcss';

/** The PostCSS config files PostCSS (and Vite, and Angular's JSON ones) read at the root. */
export const POSTCSS_CONFIG =
  /^(?:postcss\.config\.(?:js|cjs|mjs|ts|cts|mts|json)|\.postcssrc(?:\.(?:json|js|cjs|mjs|ts|cts|mts))?)$/;

/** Tailwind 3's PostCSS plugin. */
const TAILWIND3 = 'tailwindcss';
/** What Tailwind 4 does itself. */
const DONE_BY_TAILWIND4 = new Set([
  'autoprefixer',
  'postcss-import',
  'tailwindcss/nesting',
  '@tailwindcss/nesting',
]);
const TAILWIND4_POSTCSS = '@tailwindcss/postcss';

export interface PostcssConfigMapping {
  /** The config's new text; null when the file is removed (nothing left for it to do). */
  content: string | null;
  /** The plugins taken out, in order. */
  removed: string[];
  /** `tailwindcss` became `@tailwindcss/postcss`. */
  replaced: boolean;
}

/** The plugins a config names (JSON or code), or null when it cannot be read. */
export function postcssPluginNames(name: string, content: string): string[] | null {
  const plugins = isJson(name, content) ? jsonPlugins(content) : scriptPlugins(content);
  return plugins === null ? null : plugins.entries.map((entry) => entry.name ?? '');
}

/**
 * The config for Tailwind 4, or null when it names no Tailwind 3 plugin (`tailwindcss`,
 * `tailwindcss/nesting`) or cannot be read.
 */
export function mapPostcssConfig(
  name: string,
  content: string,
  route: TailwindRoute,
): PostcssConfigMapping | null {
  return isJson(name, content) ? mapJson(content, route) : mapScript(content, route);
}

function isJson(name: string, content: string): boolean {
  return /\.json$/i.test(name) || (name === '.postcssrc' && /^\s*\{/.test(content));
}

function namesTailwind3(names: readonly (string | null)[]): boolean {
  return names.some((name) => name === TAILWIND3 || name === 'tailwindcss/nesting');
}

/** What happens to a plugin: kept, removed, or (`tailwindcss` on PostCSS) replaced. */
function fate(name: string | null, route: TailwindRoute): 'keep' | 'remove' | 'replace' {
  if (name === TAILWIND3) return route === 'vite-plugin' ? 'remove' : 'replace';
  if (name !== null && DONE_BY_TAILWIND4.has(name)) return 'remove';
  // With Tailwind in Vite, Tailwind 4's own PostCSS plugin would build it a second time.
  if (name === TAILWIND4_POSTCSS && route === 'vite-plugin') return 'remove';
  return 'keep';
}

// ---- JSON configs (.postcssrc.json, postcss.config.json) ----

function jsonPlugins(content: string): { entries: { name: string | null }[] } | null {
  const config = parseJson(content);
  if (!config) return null;
  const plugins = config.plugins;
  if (Array.isArray(plugins)) {
    return {
      entries: plugins.map((item: unknown) => ({
        name:
          typeof item === 'string'
            ? item
            : Array.isArray(item) && typeof item[0] === 'string'
              ? item[0]
              : null,
      })),
    };
  }
  if (typeof plugins === 'object' && plugins !== null) {
    return { entries: Object.keys(plugins).map((key) => ({ name: key })) };
  }
  return null;
}

function mapJson(content: string, route: TailwindRoute): PostcssConfigMapping | null {
  const config = parseJson(content);
  const plugins = config?.plugins;
  if (!config || typeof plugins !== 'object' || plugins === null) return null;
  const listed = jsonPlugins(content)!.entries.map((entry) => entry.name);
  if (!namesTailwind3(listed)) return null;
  const removed: string[] = [];
  let replaced = false;
  let next: unknown;
  if (Array.isArray(plugins)) {
    next = plugins.flatMap((item: unknown, index) => {
      const what = fate(listed[index] ?? null, route);
      if (what === 'remove') removed.push(listed[index]!);
      if (what === 'replace') {
        replaced = true;
        return [Array.isArray(item) ? [TAILWIND4_POSTCSS, ...item.slice(1)] : TAILWIND4_POSTCSS];
      }
      return what === 'keep' ? [item] : [];
    });
  } else {
    const entries = Object.entries(plugins as Record<string, unknown>).flatMap(([key, value]) => {
      const what = fate(key, route);
      if (what === 'remove') removed.push(key);
      if (what === 'replace') {
        replaced = true;
        return [[TAILWIND4_POSTCSS, {}] as const];
      }
      return what === 'keep' ? [[key, value] as const] : [];
    });
    next = Object.fromEntries(entries);
  }
  const left = Array.isArray(next) ? next.length : Object.keys(next as object).length;
  if (left === 0 && Object.keys(config).length === 1) return { content: null, removed, replaced };
  const indent = /\n([ \t]+)"/.exec(content)?.[1] ?? '  ';
  return { content: `${JSON.stringify({ ...config, plugins: next }, null, indent)}\n`, removed, replaced };
}

function parseJson(content: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(content);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

// ---- Configs written as code (postcss.config.js and friends) ----

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

interface PluginEntry {
  node: Node;
  name: string | null;
  /** The string literal naming the package (an object key, a string, `require('x')`'s argument, an import's source). */
  source: Node | null;
  /** A local name the plugin is bound to (`import tailwindcss from 'tailwindcss'`), whose declaration may go with it. */
  binding: { name: string; declaration: Node } | null;
}

interface ScriptPlugins {
  program: Node;
  /** The object or array of plugins. */
  container: Node;
  /** The object holding `plugins:` (the exported config). */
  holder: Node;
  entries: PluginEntry[];
}

function scriptPlugins(content: string): ScriptPlugins | null {
  let program: Node;
  try {
    program = parse(content, {
      sourceType: 'unambiguous',
      plugins: ['typescript'],
      errorRecovery: false,
    }).program as unknown as Node;
  } catch {
    return null;
  }
  const bindings = moduleBindings(program);
  let found: ScriptPlugins | null = null;
  walk(program, (node) => {
    if (found || node.type !== 'ObjectExpression') return;
    for (const property of node.properties as Node[]) {
      if (property.type !== 'ObjectProperty' || keyName(property) !== 'plugins') continue;
      const value = property.value as Node;
      if (value.type === 'ObjectExpression') {
        found = {
          program,
          container: value,
          holder: node,
          entries: (value.properties as Node[]).map((item) => ({
            node: item,
            name: item.type === 'ObjectProperty' ? keyName(item) : null,
            source: item.type === 'ObjectProperty' ? (item.key as Node) : null,
            binding: null,
          })),
        };
      } else if (value.type === 'ArrayExpression') {
        found = {
          program,
          container: value,
          holder: node,
          entries: (value.elements as (Node | null)[])
            .filter((item): item is Node => item !== null)
            .map((item) => arrayEntry(item, bindings)),
        };
      }
      return;
    }
  });
  return found;
}

function keyName(property: Node): string | null {
  const key = property.key as Node;
  if (property.computed) return null;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'StringLiteral') return key.value as string;
  return null;
}

/** `'x'`, `['x', {}]`, `require('x')`, `require('x')({})`, `x`, `x({})` (x imported or required). */
function arrayEntry(item: Node, bindings: Map<string, { source: Node; declaration: Node }>): PluginEntry {
  const none: PluginEntry = { node: item, name: null, source: null, binding: null };
  let node = item;
  if (node.type === 'StringLiteral') return { ...none, name: node.value as string, source: node };
  if (node.type === 'ArrayExpression') {
    const first = (node.elements as (Node | null)[])[0];
    return first?.type === 'StringLiteral' ? { ...none, name: first.value as string, source: first } : none;
  }
  if (node.type === 'CallExpression' && !isRequire(node)) node = node.callee as Node;
  const required = requiredSource(node);
  if (required) return { ...none, name: required.value as string, source: required };
  if (node.type === 'Identifier') {
    const bound = bindings.get(node.name as string);
    if (bound) {
      return {
        ...none,
        name: bound.source.value as string,
        source: bound.source,
        binding: { name: node.name as string, declaration: bound.declaration },
      };
    }
  }
  return none;
}

function isRequire(node: Node): boolean {
  const callee = node.callee as Node | undefined;
  const args = node.arguments as Node[] | undefined;
  return (
    node.type === 'CallExpression' &&
    callee?.type === 'Identifier' &&
    callee.name === 'require' &&
    args?.length === 1 &&
    args[0]!.type === 'StringLiteral'
  );
}

/** `require('x')` → the `'x'` literal. */
function requiredSource(node: Node): Node | null {
  return isRequire(node) ? (node.arguments as Node[])[0]! : null;
}

/** Top-level `import x from 'y'` and `const x = require('y')`: each local name's source and declaration. */
function moduleBindings(program: Node): Map<string, { source: Node; declaration: Node }> {
  const bindings = new Map<string, { source: Node; declaration: Node }>();
  for (const statement of program.body as Node[]) {
    if (statement.type === 'ImportDeclaration') {
      const specifiers = statement.specifiers as Node[];
      if (specifiers.length !== 1) continue;
      const local = (specifiers[0]!.local as Node).name as string;
      bindings.set(local, { source: statement.source as Node, declaration: statement });
    } else if (statement.type === 'VariableDeclaration') {
      const declarations = statement.declarations as Node[];
      if (declarations.length !== 1) continue;
      const declarator = declarations[0]!;
      const id = declarator.id as Node;
      const source = declarator.init ? requiredSource(declarator.init as Node) : null;
      if (id.type === 'Identifier' && source)
        bindings.set(id.name as string, { source, declaration: statement });
    }
  }
  return bindings;
}

function walk(node: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (typeof node !== 'object' || node === null || typeof (node as Node).type !== 'string') return;
  visit(node as Node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments' || key === 'innerComments')
      continue;
    if (typeof value === 'object' && value !== null) walk(value, visit);
  }
}

function mapScript(content: string, route: TailwindRoute): PostcssConfigMapping | null {
  const plugins = scriptPlugins(content);
  if (!plugins || !namesTailwind3(plugins.entries.map((entry) => entry.name))) return null;
  const fates = plugins.entries.map((entry) => fate(entry.name, route));
  const removed = plugins.entries.filter((_, index) => fates[index] === 'remove').map((entry) => entry.name!);
  const left = fates.filter((what) => what !== 'remove').length;
  const holderKeys = (plugins.holder.properties as Node[]).length;
  if (left === 0 && holderKeys === 1 && onlyConfig(plugins)) {
    return { content: null, removed, replaced: false };
  }
  const text = new MagicString(content);
  let replaced = false;
  // Runs of removed entries go with the separator after them (or, at the end, the one before).
  const entries = plugins.entries;
  for (let i = 0; i < entries.length;) {
    if (fates[i] !== 'remove') {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < entries.length && fates[j + 1] === 'remove') j++;
    const first = entries[i]!.node;
    const last = entries[j]!.node;
    const nextKept = entries[j + 1]?.node;
    const previousKept = entries[i - 1]?.node;
    if (nextKept) text.remove(first.start, nextKept.start);
    else if (previousKept) text.remove(previousKept.end, last.end);
    // None kept: the brackets are left empty (`plugins: {}`).
    else text.remove(plugins.container.start + 1, plugins.container.end - 1);
    i = j + 1;
  }
  entries.forEach((entry, index) => {
    if (fates[index] !== 'replace' || !entry.source) return;
    replaced = true;
    const quote = content[entry.source.start] === '"' ? '"' : "'";
    text.overwrite(entry.source.start, entry.source.end, `${quote}${TAILWIND4_POSTCSS}${quote}`);
  });
  // A removed plugin's import or require goes too, when nothing else uses its name.
  const declarations = new Set<Node>();
  entries.forEach((entry, index) => {
    if (fates[index] !== 'remove' || !entry.binding) return;
    const { declaration, name } = entry.binding;
    const elsewhere = blank(blank(content, declaration), entry.node);
    const used = new RegExp(`(?<![\\w$.'"])${name.replace(/\$/g, '\\$')}(?![\\w$'"])`).test(elsewhere);
    if (!used) declarations.add(declaration);
  });
  for (const declaration of declarations) {
    const end = content[declaration.end] === '\n' ? declaration.end + 1 : declaration.end;
    text.remove(declaration.start, end);
  }
  return { content: text.toString(), removed, replaced };
}

/** The text with a node's range blanked out (same length, so other offsets hold). */
function blank(text: string, node: Node): string {
  return text.slice(0, node.start) + ' '.repeat(node.end - node.start) + text.slice(node.end);
}

/**
 * Whether the program is only the config: imports of plugins, `export default {…}` or
 * `module.exports = {…}` (maybe through `defineConfig`) — nothing else a removed file would lose.
 */
function onlyConfig(plugins: ScriptPlugins): boolean {
  return (plugins.program.body as Node[]).every((statement) => {
    if (statement.type === 'ImportDeclaration') return true;
    if (statement.type === 'VariableDeclaration') {
      return (statement.declarations as Node[]).every((declarator) => {
        const init = declarator.init as Node | null;
        return init !== null && (requiredSource(init) !== null || init === plugins.holder);
      });
    }
    if (statement.type === 'ExportDefaultDeclaration') return true;
    if (statement.type === 'ExpressionStatement') {
      const expression = statement.expression as Node;
      return (
        expression.type === 'AssignmentExpression' &&
        /module\.exports|exports\.default/.test(expressionText(expression.left as Node))
      );
    }
    return false;
  });
}

function expressionText(node: Node): string {
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'MemberExpression') {
    const property = node.property as Node;
    return `${expressionText(node.object as Node)}.${property.type === 'Identifier' ? (property.name as string) : ''}`;
  }
  return '';
}
