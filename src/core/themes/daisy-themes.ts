/**
 * daisyUI themes offered for HTML components (spec §2 "Theme sheet"); applied through the
 * root element's data-theme attribute. Previews live at /daisy-themes/{theme}.png.
 */
export const DAISY_THEMES = [
  'light',
  'dark',
  'cupcake',
  'bumblebee',
  'emerald',
  'corporate',
  'synthwave',
  'retro',
  'cyberpunk',
  'valentine',
  'halloween',
  'garden',
  'forest',
  'aqua',
  'lofi',
  'pastel',
  'fantasy',
  'wireframe',
  'black',
  'luxury',
  'dracula',
  'cmyk',
  'autumn',
  'business',
  'acid',
  'lemonade',
  'night',
  'coffee',
  'winter',
  'dim',
  'nord',
  'sunset',
] as const;
export type DaisyTheme = (typeof DAISY_THEMES)[number];
export const DEFAULT_THEME: DaisyTheme = 'light';

export function isDaisyTheme(value: unknown): value is DaisyTheme {
  return typeof value === 'string' && (DAISY_THEMES as readonly string[]).includes(value);
}

const HTML_TAG = /<html\b[^>]*>/i;
const DATA_THEME = /\sdata-theme\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i;

/** The theme of an HTML document: its <html data-theme>, else the default. */
export function readTheme(html: string): string {
  const tag = HTML_TAG.exec(html)?.[0];
  const value = tag ? DATA_THEME.exec(tag)?.[1] : undefined;
  return value ? value.replace(/^["']|["']$/g, '') : DEFAULT_THEME;
}

/** Sets data-theme on the <html> element (adding the attribute, or the element, as needed). */
export function applyTheme(html: string, theme: DaisyTheme): string {
  const match = HTML_TAG.exec(html);
  if (!match) return `<!doctype html>\n<html data-theme="${theme}">\n${html}\n</html>\n`;
  const tag = match[0];
  const updated = DATA_THEME.test(tag)
    ? tag.replace(DATA_THEME, ` data-theme="${theme}"`)
    : tag.replace(/^<html\b/i, `<html data-theme="${theme}"`);
  return html.slice(0, match.index) + updated + html.slice(match.index + tag.length);
}
