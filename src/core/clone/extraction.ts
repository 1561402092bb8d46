/**
 * What the analysis of a website keeps (spec §3 "Clone analysis result": screenshot, markdown,
 * html) plus what the generation and the demo model build from: title, headings, links,
 * colours, fonts and image URLs.
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
  };
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

/** The extraction inside a clone prompt, or null. */
export function readCloneReference(prompt: string): PageExtraction | null {
  const start = prompt.indexOf(CLONE_CONTENT_START);
  const end = prompt.indexOf(CLONE_CONTENT_END, start);
  if (start < 0 || end < 0) return null;
  try {
    return JSON.parse(prompt.slice(start + CLONE_CONTENT_START.length, end)) as PageExtraction;
  } catch {
    return null;
  }
}
