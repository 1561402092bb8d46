import type { PagePalette } from '../../core/clone/index.ts';
import { BUTTON_SELECTOR } from './page-content.ts';

export const COLOR =
  /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*[\d.]+\s*)?\)/gi;

/** #rgb, #rrggbb, rgb() and rgba() (opaque enough to be seen) as #rrggbb. */
export function normalizeColor(value: string): string | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join('') : hex[1]!;
    return `#${digits.toLowerCase()}`;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(
    value.trim(),
  );
  if (!rgb) return null;
  if (rgb[4] !== undefined && Number(rgb[4]) < 0.1) return null;
  const channels = [rgb[1], rgb[2], rgb[3]].map((channel) => Math.min(255, Number(channel)));
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

interface Rule {
  selectors: string[];
  declarations: [property: string, value: string][];
}

/** Enough for a real page's stylesheets; the rest is not read. */
const MAX_RULES = 5_000;
/** States a page is not in when it is looked at. */
const DYNAMIC = /::|:(?:hover|focus|focus-within|focus-visible|active|visited|checked|target)\b/i;
const BACKGROUND = ['background', 'background-color'];

/**
 * Issue 35 item 8, when no browser measured the page: the colours of its parts from the cascade of
 * its stylesheets, inline `<style>`s and `style` attributes — the header's (or top navigation's)
 * own background, the body's background and text, a button's background. Selectors are matched
 * by the document, specificity then order decides; custom properties are resolved.
 */
export function cascadedPalette(document: Document, cssText: string): PagePalette {
  const rules = parseRules(cssText);
  const variables = new Map<string, string>();
  for (const rule of rules) {
    for (const [property, value] of rule.declarations) {
      if (property.startsWith('--')) variables.set(property, value);
    }
  }
  const declared = (element: Element, properties: string[]): string | null => {
    let best: { weight: number; value: string } | undefined;
    for (const [order, rule] of rules.entries()) {
      const values = rule.declarations.filter(([property]) => properties.includes(property));
      if (values.length === 0) continue;
      for (const selector of rule.selectors) {
        if (!matches(element, selector)) continue;
        const weight = specificity(selector) * MAX_RULES + order;
        if (!best || weight >= best.weight) best = { weight, value: values[values.length - 1]![1] };
      }
    }
    const inline = parseDeclarations(element.getAttribute('style') ?? '').filter(([property]) =>
      properties.includes(property),
    );
    const value = inline.length > 0 ? inline[inline.length - 1]![1] : best?.value;
    return value === undefined ? null : colorOf(resolveVariables(value, variables));
  };
  const first = (elements: (Element | null)[], properties: string[]): string | null => {
    for (const element of elements) {
      const color = element ? declared(element, properties) : null;
      if (color) return color;
    }
    return null;
  };
  const banners = [...document.querySelectorAll('header, [role="banner"]')];
  const body = document.querySelector('body');
  const root = document.documentElement;
  return {
    header: first(
      [...banners, ...banners.flatMap((banner) => [...banner.children]), ...document.querySelectorAll('nav')],
      BACKGROUND,
    ),
    background: first([body, root], BACKGROUND),
    text: first([body, root], ['color']),
    accent: first([...document.querySelectorAll(BUTTON_SELECTOR)].slice(0, 50), BACKGROUND),
  };
}

function parseRules(cssText: string): Rule[] {
  const rules: Rule[] = [];
  const css = cssText.replace(/\/\*[\s\S]*?\*\//g, '');
  // Innermost blocks: a rule inside @media is read as a rule; at-rules' own blocks are skipped.
  for (const match of css.matchAll(/([^{};]+)\{([^{}]*)\}/g)) {
    if (rules.length >= MAX_RULES) break;
    const prelude = match[1]!.trim();
    if (prelude === '' || prelude.startsWith('@') || /^(?:from|to|[\d.]+%)/i.test(prelude)) continue;
    rules.push({
      selectors: prelude
        .split(',')
        .map((selector) => selector.trim())
        .filter(Boolean),
      declarations: parseDeclarations(match[2]!),
    });
  }
  return rules;
}

function parseDeclarations(block: string): [string, string][] {
  const declarations: [string, string][] = [];
  for (const declaration of block.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim();
    const value = declaration
      .slice(colon + 1)
      .replace(/!important\s*$/i, '')
      .trim();
    if (property && value)
      declarations.push([property.startsWith('--') ? property : property.toLowerCase(), value]);
  }
  return declarations;
}

function matches(element: Element, selector: string): boolean {
  if (DYNAMIC.test(selector)) return false;
  try {
    return element.matches(selector);
  } catch {
    // A selector the matcher does not know (a vendor pseudo-class): not this element's.
    return false;
  }
}

/** Ids, then classes/attributes/pseudo-classes, then types, as one comparable number. */
function specificity(selector: string): number {
  const ids = selector.match(/#[\w-]+/g)?.length ?? 0;
  const classes = selector.match(/\.[\w-]+|\[[^\]]*\]|:[\w-]+/g)?.length ?? 0;
  const types = selector.match(/(?:^|[\s>+~(])[a-z][\w-]*/gi)?.length ?? 0;
  return ids * 10_000 + classes * 100 + types;
}

function resolveVariables(value: string, variables: Map<string, string>): string {
  let resolved = value;
  for (let depth = 0; depth < 5 && resolved.includes('var('); depth++) {
    resolved = resolved.replace(
      /var\(\s*(--[\w-]+)\s*(?:,\s*([^()]*))?\)/g,
      (_, name: string, fallback?: string) => variables.get(name) ?? fallback ?? '',
    );
  }
  return resolved;
}

/** The first colour of a value ('#7c4a2d', 'url(x) #fff', 'white'); null for none or transparent. */
function colorOf(value: string): string | null {
  const named = value.trim().toLowerCase();
  if (named === 'white') return '#ffffff';
  if (named === 'black') return '#000000';
  for (const match of value.match(COLOR) ?? []) {
    const color = normalizeColor(match);
    if (color) return color;
  }
  return null;
}
