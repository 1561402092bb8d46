import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import type { PageExtraction } from '../../core/clone/index.ts';

/**
 * Issue 19 item 2: one extraction for both analysis paths. The browser path passes the
 * rendered DOM's HTML and the computed colours/fonts it measured; the fetch path passes the
 * fetched HTML and the text of its stylesheets.
 */
export interface ExtractInput {
  html: string;
  /** The page's address after redirects: relative links and images resolve against it. */
  url: string;
  /** Stylesheets' text (fetch path): colours and fonts are read from it too. */
  css?: string[];
  /** Measured in the browser, most used first. */
  computed?: { colors: string[]; fonts: string[] };
}

const COLOR =
  /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*[\d.]+\s*)?\)/gi;
const FONT_FAMILY = /font-family\s*:\s*([^;}{]+)/gi;
const GENERIC_FONTS = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'inherit',
  'initial',
]);

export function extractPage(input: ExtractInput): PageExtraction {
  const { document } = parseHTML(input.html);
  // Cleaned HTML: no scripts, no inline handlers, nothing that runs.
  for (const node of document.querySelectorAll('script, noscript, iframe, object, embed')) node.remove();
  for (const element of document.querySelectorAll('*')) {
    for (const attribute of [...element.attributes]) {
      if (/^on/i.test(attribute.name)) element.removeAttribute(attribute.name);
    }
  }
  const absolute = (value: string | null): string | null => {
    if (!value) return null;
    try {
      const url = new URL(value, input.url);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
    } catch {
      return null;
    }
  };
  const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

  const title =
    text(document.querySelector('title')?.textContent) || text(document.querySelector('h1')?.textContent);
  const headings = [...document.querySelectorAll('h1, h2, h3')]
    .map((heading) => ({ level: Number(heading.tagName.slice(1)), text: text(heading.textContent) }))
    .filter((heading) => heading.text !== '');
  const links = [...document.querySelectorAll('a[href]')]
    .map((link) => ({ text: text(link.textContent), href: absolute(link.getAttribute('href')) }))
    .filter((link): link is { text: string; href: string } => link.href !== null && link.text !== '');
  const images = unique(
    [...document.querySelectorAll('img[src]')].map((image) => absolute(image.getAttribute('src'))),
  );

  const inlineStyles = [...document.querySelectorAll('style')].map((style) => style.textContent ?? '');
  const styleAttributes = [...document.querySelectorAll('[style]')].map(
    (element) => element.getAttribute('style') ?? '',
  );
  const cssText = [...(input.css ?? []), ...inlineStyles, ...styleAttributes].join('\n');
  const colors = unique([
    ...(input.computed?.colors ?? []),
    ...byFrequency(cssText.match(COLOR) ?? [], normalizeColor),
  ]);
  const fonts = unique([
    ...(input.computed?.fonts ?? []),
    ...byFrequency(
      [...cssText.matchAll(FONT_FAMILY)].map((match) => match[1]!),
      firstFont,
    ),
  ]);

  const html = document.toString();
  // Readability changes the document it reads: it gets its own copy.
  const article = new Readability(parseHTML(html).document as unknown as Document).parse();
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  const markdown = turndown
    .turndown(article?.content ?? document.querySelector('body')?.innerHTML ?? '')
    .trim();

  return { url: input.url, title, markdown, html, headings, links, colors, fonts, images };
}

function unique(values: (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== null && value !== ''))];
}

/** Values normalised, most frequent first (ties in order of appearance). */
function byFrequency(values: string[], normalize: (value: string) => string | null): string[] {
  const counts = new Map<string, number>();
  for (const value of values) {
    const normalized = normalize(value);
    if (normalized) counts.set(normalized, (counts.get(normalized) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
}

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

function firstFont(declaration: string): string | null {
  for (const candidate of declaration.split(',')) {
    const name = candidate
      .trim()
      .replace(/^['"]|['"]$/g, '')
      .replace(/\s*!important$/i, '')
      .trim();
    if (name && !GENERIC_FONTS.has(name.toLowerCase()) && !name.startsWith('var(')) return name;
  }
  return null;
}
