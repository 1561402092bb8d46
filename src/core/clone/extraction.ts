/**
 * What the analysis of a website keeps (spec §3 "Clone analysis result": screenshot, markdown,
 * html) plus what the generation and the demo model build from: title, headings, links,
 * colours, fonts and image URLs, the texts under the headings (issue 35 item 8) and the colours
 * of the page's parts.
 */
export interface PageExtraction {
  url: string;
  title: string;
  /** The main content as Markdown (Readability + Turndown). */
  markdown: string;
  /** The page's HTML without scripts, styles' text kept. */
  html: string;
  headings: { level: number; text: string }[];
  links: { text: string; href: string }[];
  /** Most used first, as #rrggbb. */
  colors: string[];
  fonts: string[];
  images: string[];
  /** What the page says beyond its headings (empty in references made before issue 35 item 8). */
  content: PageContent;
  /** The colours of the page's parts, as #rrggbb; null where the analysis could not tell. */
  palette: PagePalette;
}

/** The texts a visitor reads, in page order, as written on the page. */
export interface PageContent {
  /** The paragraph under the h1: a subtitle or lead. */
  lead: string;
  /** Each heading below the h1 with what follows it (a card: its description, prices, buttons). */
  sections: PageSection[];
  /** Every button's label (buttons, submit inputs, links styled as buttons), first seen first. */
  buttons: string[];
  /** The footer's text. */
  footer: string;
}

export interface PageSection {
  level: number;
  heading: string;
  text: string;
  /** Exactly as written: '$12', '€9.99/mo'. */
  prices: string[];
  buttons: string[];
}

export interface PagePalette {
  /** The header's (or top navigation's) own background. */
  header: string | null;
  background: string | null;
  text: string | null;
  /** A button's background. */
  accent: string | null;
}

/** The state of a chat's clone (GET /api/chats/:id/clone and the realtime 'clone' event). */
export interface CloneState {
  url: string;
  status: 'running' | 'done' | 'failed';
  step: string;
  percent: number;
  /** 'Analysis encountered an issue: … Using fallback analysis methods instead.' */
  notice: string | null;
  /** Where the screenshot is served once captured. */
  screenshot: string | null;
  error: string | null;
}

const LIMITS = { markdown: 12_000, html: 8_000, headings: 30, links: 30, colors: 12, fonts: 6, images: 20 };
/** The content travels in the prompt too: a few kilobytes at most. */
export const CONTENT_LIMITS = {
  lead: 300,
  sections: 12,
  heading: 120,
  text: 400,
  prices: 4,
  price: 24,
  buttons: 8,
  button: 40,
  footer: 300,
} as const;

/** Trims an extraction to what the model is sent. */
export function limitExtraction(page: PageExtraction): PageExtraction {
  return {
    ...page,
    markdown: page.markdown.slice(0, LIMITS.markdown),
    html: page.html.slice(0, LIMITS.html),
    headings: page.headings.slice(0, LIMITS.headings),
    links: page.links.slice(0, LIMITS.links),
    colors: page.colors.slice(0, LIMITS.colors),
    fonts: page.fonts.slice(0, LIMITS.fonts),
    images: page.images.slice(0, LIMITS.images),
    content: limitContent(page.content),
  };
}

export function limitContent(content: PageContent): PageContent {
  const L = CONTENT_LIMITS;
  const buttons = (labels: string[]) => labels.slice(0, L.buttons).map((label) => cut(label, L.button));
  return {
    lead: cut(content.lead, L.lead),
    sections: content.sections.slice(0, L.sections).map((section) => ({
      level: section.level,
      heading: cut(section.heading, L.heading),
      text: cut(section.text, L.text),
      prices: section.prices.slice(0, L.prices).map((price) => cut(price, L.price)),
      buttons: buttons(section.buttons),
    })),
    buttons: buttons(content.buttons),
    footer: cut(content.footer, L.footer),
  };
}

/** At most `max` characters, cut at a word with an ellipsis. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

export const CLONE_CONTENT_START = '<kiln-clone-reference>';
export const CLONE_CONTENT_END = '</kiln-clone-reference>';

/**
 * The text the model is sent for a clone's first version: the instruction, then the extracted
 * content as JSON between markers (the demo model reads it back with `readCloneReference`).
 * The screenshot goes with it as an image part: the primary visual reference.
 */
export function buildClonePrompt(page: PageExtraction, request: string, hasScreenshot: boolean): string {
  const limited = limitExtraction(page);
  return [
    `Recreate the website ${page.url} as closely as possible${request ? `, and: ${request}` : ''}.`,
    hasScreenshot
      ? 'The attached screenshot is the primary visual reference: match its layout, spacing, colours and typography.'
      : 'No screenshot could be taken: rely on the extracted content, colours and fonts below.',
    'Use the extracted content below for the real texts, links and images (keep the image URLs).',
    CLONE_CONTENT_START,
    JSON.stringify(limited),
    CLONE_CONTENT_END,
  ].join('\n');
}

/**
 * The extraction inside a clone prompt, or null. The JSON is read field by field: a reference
 * made before a field existed reads with it empty, and one typed by hand cannot hand the demo
 * model anything but strings where it expects strings.
 */
export function readCloneReference(prompt: string): PageExtraction | null {
  const start = prompt.indexOf(CLONE_CONTENT_START);
  const end = prompt.indexOf(CLONE_CONTENT_END, start);
  if (start < 0 || end < 0) return null;
  let value: unknown;
  try {
    value = JSON.parse(prompt.slice(start + CLONE_CONTENT_START.length, end));
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const content = isRecord(value.content) ? value.content : {};
  const palette = isRecord(value.palette) ? value.palette : {};
  return {
    url: str(value.url),
    title: str(value.title),
    markdown: str(value.markdown),
    html: str(value.html),
    headings: records(value.headings).map((heading) => ({
      level: num(heading.level),
      text: str(heading.text),
    })),
    links: records(value.links).map((link) => ({ text: str(link.text), href: str(link.href) })),
    colors: strings(value.colors),
    fonts: strings(value.fonts),
    images: strings(value.images),
    content: {
      lead: str(content.lead),
      sections: records(content.sections).map((section) => ({
        level: num(section.level),
        heading: str(section.heading),
        text: str(section.text),
        prices: strings(section.prices),
        buttons: strings(section.buttons),
      })),
      buttons: strings(content.buttons),
      footer: str(content.footer),
    },
    palette: {
      header: color(palette.header),
      background: color(palette.background),
      text: color(palette.text),
      accent: color(palette.accent),
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}
function color(value: unknown): string | null {
  return typeof value === 'string' && /^#[0-9a-f]{6}$/.test(value) ? value : null;
}
