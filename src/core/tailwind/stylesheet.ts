/**
 * A stylesheet read and rewritten for Tailwind 4 (issue 39, docs/decisions/0059-tailwind-3-answers.md),
 * with PostCSS's parser: untouched text stays byte for byte, comments and strings are never
 * mistaken for rules. A stylesheet that does not parse is left alone (the build reports it).
 */
import postcss, { type AtRule, type ChildNode, type Container, type Root, type Rule } from 'postcss';
import { COMPAT_MARKER, TAILWIND3_DEFAULTS } from './tailwind3-defaults.ts';
import { mergeOpacityUtilities } from './opacity-utilities.ts';

/** `@import 'tailwindcss'` in any spelling Tailwind 4 accepts (quotes, `url()`, a layer or media after it). */
const TAILWIND_IMPORT = /^(?:url\(\s*)?(['"])tailwindcss\1\s*\)?(?:\s|$)/;
/** Tailwind 3's stylesheets of its parts, imported by postcss-import setups. */
const TAILWIND3_IMPORT =
  /^(?:url\(\s*)?(['"])tailwindcss\/(?:base|components|utilities|screens|variants|tailwind)(?:\.css)?\1/;
/** A relative `@import` of another stylesheet (a package or a URL is not the project's). */
const RELATIVE_IMPORT = /^(?:url\(\s*)?(['"])(\.{1,2}\/[^'"]+)\1/;

export interface StylesheetFacts {
  /** Loads Tailwind 4: `@import 'tailwindcss'`. */
  loadsTailwind: boolean;
  /** Tailwind 3's `@tailwind base|components|utilities` (or its `tailwindcss/base` imports). */
  hasTailwind3Directives: boolean;
  /** Names a JavaScript config already (`@config`). */
  hasConfig: boolean;
  /** Reads Tailwind from another stylesheet (`@reference`). */
  hasReference: boolean;
  /** Uses what only Tailwind understands: `@apply`, `@screen`, `@variant`, `theme()`. */
  usesTailwind: boolean;
  /** The relative paths it `@import`s, as written. */
  imports: string[];
  /** The class names its `@apply` rules name (variants and `!` taken off). */
  appliedNames: string[];
}

export function parseStylesheet(css: string): Root | null {
  try {
    return postcss.parse(css);
  } catch {
    return null;
  }
}

/** What Tailwind needs to know of a stylesheet; null when it does not parse. */
export function readStylesheet(css: string): StylesheetFacts | null {
  const root = parseStylesheet(css);
  if (!root) return null;
  const facts: StylesheetFacts = {
    loadsTailwind: false,
    hasTailwind3Directives: false,
    hasConfig: false,
    hasReference: false,
    usesTailwind: usesTailwind(root),
    imports: [],
    appliedNames: [],
  };
  root.walkAtRules((rule) => {
    const name = rule.name.toLowerCase();
    if (name === 'tailwind') facts.hasTailwind3Directives = true;
    else if (name === 'config') facts.hasConfig = true;
    else if (name === 'reference') facts.hasReference = true;
    else if (name === 'apply') {
      for (const token of applyTokens(rule.params)) facts.appliedNames.push(classOfToken(token));
    } else if (name === 'import') {
      if (TAILWIND_IMPORT.test(rule.params)) facts.loadsTailwind = true;
      else if (TAILWIND3_IMPORT.test(rule.params)) facts.hasTailwind3Directives = true;
      const relative = RELATIVE_IMPORT.exec(rule.params);
      if (relative) facts.imports.push(relative[2]!);
    }
  });
  return facts;
}

export interface StylesheetOptions {
  /** The project's Tailwind config, relative to this stylesheet (`../tailwind.config.js`): `@config` names it. */
  config?: string;
  /** Adds Tailwind 3's defaults where Tailwind 4 changed them (the answer was written for Tailwind 3). */
  tailwind3Defaults?: boolean;
  /** The stylesheet that loads Tailwind, relative to this one: a stylesheet Tailwind builds on its own gets `@reference` to it. */
  reference?: string;
  /** Class names `@apply` names somewhere in the project: a `@layer` rule of one becomes a `@utility`. */
  appliedNames?: ReadonlySet<string>;
}

/** What changed, each as the chat says it. */
export type StylesheetChange =
  | { kind: 'directives' }
  | { kind: 'config'; path: string }
  | { kind: 'defaults' }
  | { kind: 'reference'; path: string }
  | { kind: 'opacity'; from: string; to: string }
  | { kind: 'utility'; name: string };

export interface StylesheetMapping {
  content: string;
  changes: StylesheetChange[];
}

/**
 * The stylesheet for Tailwind 4, by the rules of decision 0059: Tailwind 3's directives become
 * `@import 'tailwindcss'`, the config is named by `@config`, Tailwind 3's defaults are added, a
 * stylesheet built on its own reads Tailwind through `@reference`, `@apply` of a Tailwind 3
 * opacity utility becomes an opacity modifier, and a `@layer` class that `@apply` names becomes a
 * `@utility`. Null when nothing changes or it does not parse.
 */
export function mapStylesheet(css: string, options: StylesheetOptions): StylesheetMapping | null {
  const root = parseStylesheet(css);
  if (!root) return null;
  const changes: StylesheetChange[] = [];

  // 1. Tailwind 3's directives → one `@import 'tailwindcss'` where the first one was.
  const directives: AtRule[] = [];
  let tailwindImport: AtRule | undefined;
  root.each((node) => {
    if (node.type !== 'atrule') return;
    const name = node.name.toLowerCase();
    if (name === 'tailwind' || (name === 'import' && TAILWIND3_IMPORT.test(node.params)))
      directives.push(node);
    else if (name === 'import' && TAILWIND_IMPORT.test(node.params)) tailwindImport ??= node;
  });
  if (directives.length > 0) {
    if (!tailwindImport) {
      tailwindImport = postcss.atRule({ name: 'import', params: "'tailwindcss'" });
      tailwindImport.raws = { ...directives[0]!.raws, afterName: ' ', between: '' };
      directives[0]!.replaceWith(tailwindImport);
      directives.shift();
    }
    for (const directive of directives) removeWithLine(directive);
    changes.push({ kind: 'directives' });
  }

  // 2. The config, right after the import (Tailwind 4 reads a JavaScript config only through `@config`).
  let hasConfig = false;
  root.walkAtRules('config', () => {
    hasConfig = true;
  });
  if (options.config && tailwindImport && !hasConfig) {
    const config = postcss.atRule({ name: 'config', params: quote(options.config) });
    config.raws = { before: '\n', afterName: ' ', between: '' };
    tailwindImport.after(config);
    changes.push({ kind: 'config', path: options.config });
  }

  // 3. Tailwind 3's defaults, after the stylesheet's leading imports.
  if (options.tailwind3Defaults && tailwindImport && !css.includes(COMPAT_MARKER)) {
    const defaults = postcss.parse(TAILWIND3_DEFAULTS);
    const nodes = defaults.nodes.map((node) => node.clone());
    nodes[0]!.raws.before = '\n\n';
    const anchor = lastLeadingStatement(root) ?? tailwindImport;
    anchor.after(nodes);
    // The node after the block starts on a line of its own.
    const next = nodes.at(-1)!.next();
    if (next && !/\n/.test(next.raws.before ?? '')) next.raws.before = `\n\n${next.raws.before ?? ''}`;
    changes.push({ kind: 'defaults' });
  }

  // 4. A stylesheet Tailwind builds on its own (a component's styles, a CSS module) that uses
  //    Tailwind reads its theme and utilities from the one that loads it.
  let references = false;
  root.walkAtRules((rule) => {
    const name = rule.name.toLowerCase();
    if (name === 'reference' || (name === 'import' && TAILWIND_IMPORT.test(rule.params))) references = true;
  });
  if (options.reference && !references && usesTailwind(root)) {
    const reference = postcss.atRule({ name: 'reference', params: quote(options.reference) });
    const first = root.first;
    const leading = first?.raws.before ?? '';
    reference.raws = { before: leading.replace(/[^\n]*$/, ''), afterName: ' ', between: '' };
    const charset = first?.type === 'atrule' && first.name.toLowerCase() === 'charset' ? first : undefined;
    if (charset) {
      reference.raws.before = '\n';
      charset.after(reference);
    } else {
      root.prepend(reference);
      // `prepend` copies the old first node's spacing onto the new one; keep ours, and start the
      // old first node on the next line.
      reference.raws.before = leading.replace(/[^\n]*$/, '');
      if (first) first.raws.before = `\n${leading.replace(/^[^\S\n]*\n?/, '')}`;
    }
    changes.push({ kind: 'reference', path: options.reference });
  }

  // 5. `@apply` of Tailwind 3's opacity utilities (gone in Tailwind 4: the build stops on them).
  root.walkAtRules('apply', (rule) => {
    const merged = mergeOpacityUtilities(rule.params);
    if (!merged) return;
    if (merged.params.trim() === '') rule.remove();
    else rule.params = merged.params;
    for (const change of merged.changes) changes.push({ kind: 'opacity', ...change });
  });

  // 6. A class of `@layer components|utilities` that `@apply` names: Tailwind 4 applies only utilities.
  if (options.appliedNames && options.appliedNames.size > 0) {
    for (const name of layerClassesToUtilities(root, options.appliedNames))
      changes.push({ kind: 'utility', name });
  }

  if (changes.length === 0) return null;
  return { content: root.toString(), changes };
}

/** Whether the stylesheet uses what only Tailwind understands: `@apply`, `@screen`, `@variant`, `theme()`. */
function usesTailwind(root: Root): boolean {
  let uses = false;
  root.walkAtRules((rule) => {
    if (/^(?:apply|screen|variant)$/i.test(rule.name)) uses = true;
  });
  root.walkDecls((declaration) => {
    if (/(?:^|[^\w-])(?:--)?theme\(/.test(declaration.value)) uses = true;
  });
  return uses;
}

/** `@apply`'s class tokens (an `!important` at the end is not one). */
export function applyTokens(params: string): string[] {
  return params.split(/\s+/).filter((token) => token !== '' && token !== '!important');
}

/** The class a token of `@apply` names: `md:hover:!btn` → `btn`. */
function classOfToken(token: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const char = token[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) start = i + 1;
  }
  return token.slice(start).replace(/^!|!$/g, '');
}

/** A path in quotes for `@config`/`@reference`, in single quotes as the templates write them. */
function quote(path: string): string {
  return `'${path.replace(/\\/g, '/').replace(/'/g, "\\'")}'`;
}

/** Removes a node; the node after it takes its leading blank space, so no empty line is left. */
function removeWithLine(node: ChildNode): void {
  const next = node.next();
  if (next && node.raws.before !== undefined && node.prev() === undefined)
    next.raws.before = node.raws.before;
  node.remove();
}

/** The last of the stylesheet's leading `@charset`/`@import`/`@config`/`@plugin`/`@source` statements. */
function lastLeadingStatement(root: Root): ChildNode | undefined {
  let last: ChildNode | undefined;
  for (const node of root.nodes) {
    if (node.type === 'comment') continue;
    const statement =
      node.type === 'atrule' &&
      node.nodes === undefined &&
      /^(?:charset|import|config|plugin|source|reference|layer|custom-variant)$/i.test(node.name);
    if (!statement) break;
    last = node;
  }
  return last;
}

/**
 * Rules of a single class (`.btn { … }`) directly in a top-level `@layer components` or
 * `@layer utilities` whose class `@apply` names: each becomes `@utility btn { … }` after the
 * layer (the layer goes when it is left empty). Returns the names.
 */
function layerClassesToUtilities(root: Root, applied: ReadonlySet<string>): string[] {
  const converted: string[] = [];
  root.each((node) => {
    if (node.type !== 'atrule' || node.name.toLowerCase() !== 'layer') return;
    if (!/^\s*(?:components|utilities)\s*$/i.test(node.params) || !node.nodes) return;
    const utilities: AtRule[] = [];
    for (const child of [...node.nodes]) {
      const name = child.type === 'rule' ? singleClass(child) : null;
      if (!name || !applied.has(name) || converted.includes(name)) continue;
      const utility = postcss.atRule({ name: 'utility', params: name });
      utility.raws = { before: '\n\n', afterName: ' ', between: (child as Rule).raws.between ?? ' ' };
      utility.append(...(child as Rule).nodes.map((inner) => inner.clone()));
      utility.raws.after = (child as Rule).raws.after ?? '\n';
      utility.raws.semicolon = (child as Rule).raws.semicolon;
      child.remove();
      utilities.push(utility);
      converted.push(name);
    }
    if (utilities.length === 0) return;
    const anchor: Container | ChildNode = node;
    (anchor as ChildNode).after(utilities);
    if (!node.nodes || node.nodes.length === 0) {
      utilities[0]!.raws.before = node.raws.before ?? '\n';
      node.remove();
    }
  });
  return converted;
}

/** `.btn` → `btn`; null for any other selector (a pseudo-class, a combinator, a list). */
function singleClass(rule: Rule): string | null {
  // Tailwind 4's utility names start with a lower-case letter.
  const match = /^\s*\.([a-z][\w-]*)\s*$/.exec(rule.selector);
  return match ? match[1]! : null;
}
