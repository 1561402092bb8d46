/**
 * Relative imports whose case or extension differs from the file they mean (issue 33 item 5):
 * `import Header from './components/header'` when the file is `src/components/Header.tsx`,
 * `./App.js` from a JavaScript module when the file is `App.tsx`, `../utils/Format` for
 * `utils/format.ts`, `@import './Theme.css'` for `theme.css`. Each is rewritten to the one file it
 * can mean (relative-resolver.ts); an import that could mean several files, or none, stays.
 *
 * Read: JavaScript/TypeScript modules and the `<script>` blocks of Vue and Svelte components
 * (static imports, `export … from`, `import('…')` with a plain string), and CSS `@import`s of
 * stylesheets and `<style>` blocks. A script that does not parse is left alone.
 */
import { isNode, parseScript, walk, type AstNode } from './script-ast.ts';
import { isRelativeSpecifier } from './paths.ts';
import type { ImportContext, RelativeResolver } from './relative-resolver.ts';
import { sourceBlocks } from './source-blocks.ts';
import { applyEdits, type TextEdit } from './text-edits.ts';

export interface ImportCorrection {
  from: string;
  to: string;
}

export interface ImportPathsRepair {
  content: string;
  corrections: ImportCorrection[];
}

interface FoundSpecifier {
  value: string;
  /** The offsets of the specifier's text within the file, quotes excluded. */
  start: number;
  end: number;
  context: ImportContext;
}

/** Corrects the relative imports of one file. Null when none needs it. */
export function correctImportPaths(
  name: string,
  content: string,
  resolver: RelativeResolver,
): ImportPathsRepair | null {
  const edits: TextEdit[] = [];
  const corrections: ImportCorrection[] = [];
  for (const found of findSpecifiers(name, content)) {
    if (!isRelativeSpecifier(found.value)) continue;
    const corrected = resolver.correct(name, found.value, found.context);
    if (corrected === null) continue;
    edits.push({ start: found.start, end: found.end, text: corrected });
    corrections.push({ from: found.value, to: corrected });
  }
  if (edits.length === 0) return null;
  return { content: applyEdits(content, edits), corrections };
}

function findSpecifiers(name: string, content: string): FoundSpecifier[] {
  const found: FoundSpecifier[] = [];
  for (const block of sourceBlocks(name, content)) {
    const code = content.slice(block.start, block.end);
    const inBlock = block.kind === 'script' ? scriptSpecifiers(code, block.lang) : cssImportSpecifiers(code);
    for (const specifier of inBlock) {
      found.push({ ...specifier, start: specifier.start + block.start, end: specifier.end + block.start });
    }
  }
  return found;
}

/** The module specifiers of a script: static imports, re-exports and `import('…')`. */
export function scriptSpecifiers(code: string, lang: Parameters<typeof parseScript>[1]): FoundSpecifier[] {
  const program = parseScript(code, lang);
  if (!program) return [];
  const found: FoundSpecifier[] = [];
  const take = (source: unknown) => {
    if (!isNode(source) || source.type !== 'StringLiteral' || source.start == null || source.end == null)
      return;
    const value = source.value as string;
    // Only a literal written without escapes is rewritten in place.
    if (code.slice(source.start + 1, source.end - 1) !== value) return;
    found.push({ value, start: source.start + 1, end: source.end - 1, context: 'script' });
  };
  walk(program, (node: AstNode) => {
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ExportAllDeclaration':
      case 'ExportNamedDeclaration':
        take(node.source);
        break;
      case 'ImportExpression':
        take(node.source);
        break;
      case 'CallExpression': {
        const callee = node.callee;
        const args = node.arguments as unknown[];
        if (isNode(callee) && callee.type === 'Import' && args.length >= 1) take(args[0]);
        break;
      }
    }
  });
  return found;
}

const CSS_COMMENT = /\/\*[\s\S]*?\*\//g;
const CSS_IMPORT = /@import\s+(?:url\(\s*)?(["'])([^"'\n]*)\1/g;

/** The `@import` specifiers of a stylesheet (comments skipped). */
export function cssImportSpecifiers(code: string): FoundSpecifier[] {
  const blanked = code.replace(CSS_COMMENT, (comment) => ' '.repeat(comment.length));
  const found: FoundSpecifier[] = [];
  for (const match of blanked.matchAll(CSS_IMPORT)) {
    const value = match[2] ?? '';
    const start = match.index + match[0].length - 1 - value.length;
    found.push({ value, start, end: start + value.length, context: 'css' });
  }
  return found;
}
