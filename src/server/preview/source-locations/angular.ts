import {
  parseTemplate,
  tmplAstVisitAll,
  TmplAstRecursiveVisitor,
  type TmplAstElement,
} from '@angular/compiler';
import { parse } from '@babel/parser';
import { insertLocations } from './insert.ts';

/** Offsets (in `template`) of the `<` of every plain element, by Angular's own template parser. */
function elementStarts(template: string): number[] | null {
  const parsed = parseTemplate(template, 'template.html', { preserveWhitespaces: true });
  if (parsed.errors && parsed.errors.length > 0) return null;
  const starts: number[] = [];
  class Collector extends TmplAstRecursiveVisitor {
    override visitElement(element: TmplAstElement) {
      // <ng-container>, <ng-template>, <ng-content> are not DOM elements.
      if (!/^(:\w+:)?ng-/.test(element.name)) starts.push(element.startSourceSpan.start.offset);
      super.visitElement(element);
    }
  }
  tmplAstVisitAll(new Collector(), parsed.nodes);
  return starts;
}

/**
 * An Angular component template file (`templateUrl`), marked (issue 17 item 2): every element
 * but Angular's own `ng-` ones gets `data-kiln-loc="file:line:column"`, found by
 * `@angular/compiler`'s parser (control flow blocks, bindings and `{{ }}` read as Angular reads
 * them). A template with errors stays as written. Null when nothing changes.
 */
export function addAngularTemplateLocations(code: string, file: string): string | null {
  const starts = elementStarts(code);
  return starts ? insertLocations(code, file, starts) : null;
}

interface BabelNode {
  type: string;
  start?: number | null;
  [key: string]: unknown;
}

/**
 * An Angular component module with an inline `template: \`…\``, marked the same way; the
 * locations are the module's own lines. Templates with `${}` are left alone.
 */
export function addAngularInlineLocations(code: string, file: string): string | null {
  if (!code.includes('template')) return null;
  let ast: BabelNode;
  try {
    ast = parse(code, {
      sourceType: 'module',
      plugins: ['typescript', 'decorators'],
    }) as unknown as BabelNode;
  } catch {
    return null;
  }
  const starts: number[] = [];
  const visit = (node: BabelNode) => {
    if (node.type === 'ObjectProperty' && isTemplateKey(node.key as BabelNode)) {
      const value = node.value as BabelNode;
      const quasis = value.quasis as BabelNode[] | undefined;
      if (value.type === 'TemplateLiteral' && quasis?.length === 1 && quasis[0]!.start != null) {
        const raw = (quasis[0]!.value as { raw: string }).raw;
        for (const offset of elementStarts(raw) ?? []) starts.push(quasis[0]!.start + offset);
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'loc' || key.endsWith('Comments')) continue;
      if (Array.isArray(child)) {
        for (const item of child) if (isNode(item)) visit(item);
      } else if (isNode(child)) visit(child);
    }
  };
  visit(ast);
  return insertLocations(code, file, starts);
}

function isTemplateKey(key: BabelNode): boolean {
  return (
    (key.type === 'Identifier' && key.name === 'template') ||
    (key.type === 'StringLiteral' && key.value === 'template')
  );
}

function isNode(value: unknown): value is BabelNode {
  return typeof value === 'object' && value !== null && typeof (value as BabelNode).type === 'string';
}
