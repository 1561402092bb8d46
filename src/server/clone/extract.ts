import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import type { PageExtraction, PagePalette } from '../../core/clone/index.ts';
import { cascadedPalette, COLOR, normalizeColor } from './css-colors.ts';
import { readPageContent } from './page-content.ts';

export { normalizeColor };

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
  /** Measured in the browser: colours and fonts most used first, the parts' colours. */
  computed?: { colors: string[]; fonts: string[]; palette?: PagePalette };
}

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

  const content = readPageContent(document as unknown as Document);
  // What the browser measured wins; the cascade of the page's CSS fills what it could not tell.
  const cascaded = cascadedPalette(document as unknown as Document, cssText);
  const measured = input.computed?.palette;
  const palette: PagePalette = {
    header: measured?.header ?? cascaded.header,
    background: measured?.background ?? cascaded.background,
    text: measured?.text ?? cascaded.text,
    accent: measured?.accent ?? cascaded.accent,
  };

  const html = document.toString();
  // Readability changes the document it reads: it gets its own copy.
  const article = new Readability(parseHTML(html).document as unknown as Document).parse();
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  const markdown = turndown
    .turndown(article?.content ?? document.querySelector('body')?.innerHTML ?? '')
    .trim();

  return {
    url: input.url,
    title,
    markdown,
    html,
    headings,
    links,
    colors,
    fonts,
    images,
    content,
    palette,
  };
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
