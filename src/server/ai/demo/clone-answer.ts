import {
  contrastRatio,
  limitContent,
  readableOn,
  readCloneReference,
  relativeLuminance,
  type PageExtraction,
} from '../../../core/clone/index.ts';
import { FRAMEWORK_LABELS } from '../../../core/frameworks/index.ts';
import { staticSources } from './catalogue/static-sources.ts';
import type { CatalogueEntry } from './catalogue/entry.ts';
import { entryFiles } from './project/entry-files.ts';
import type { DemoRequest } from './types.ts';
import { writeAnswer } from './writer.ts';

/** What the first version shows at most: the page's own content is bounded before (limitContent). */
const SHOWN = { links: 6, sections: 12, heroButtons: 3, sectionButtons: 2, prices: 4, title: 120 } as const;

/**
 * Issue 19 item 2: offline, a clone's first version is built from the analysed page itself, so
 * the flow works without a provider. Issue 35 item 8: it keeps what the page says — the h1 and
 * its lead, every section with its text, prices and buttons, the navigation and the footer — in
 * the colours of the page's parts (header, background, text, buttons).
 */
export function cloneAnswer(request: DemoRequest): string | null {
  if (request.snapshot !== null) return null;
  const page = readCloneReference(request.prompt);
  if (!page) return null;
  const host = hostOf(page.url);
  const entry: CatalogueEntry = {
    id: 'cloned-page',
    title: clip(page.title, SHOWN.title) || host,
    componentName: 'ClonedPage',
    keywords: [],
    summary: 'a page with the analysed website’s texts, sections, links and colours',
    placement: 'top',
    sources: () => staticSources('ClonedPage', cloneMarkup(page)),
  };
  const files = entryFiles(request.framework, entry);
  const label = FRAMEWORK_LABELS[request.framework];
  const content = limitContent(page.content);
  const prices = content.sections.reduce((count, section) => count + section.prices.length, 0);
  const colors = cloneColors(page);
  return writeAnswer({
    // The page's texts are the page's, not Kiln's markup: no angle brackets in the prose.
    thinking: plain(
      [
        `The request asks to recreate ${clip(page.url, SHOWN.title)}. The analysis found the title “${entry.title}”,`,
        `${page.headings.length} headings, ${content.sections.length} sections, ${prices} prices, ${content.buttons.length} buttons and ${page.links.length} links.`,
        `Colours: header ${colors.header}, background ${colors.background}, text ${colors.text}, buttons ${colors.accent}.`,
        `Framework: ${label} with Tailwind CSS. Files:`,
        ...files.map((file) => `- ${file.name}`),
      ].join('\n'),
    ),
    intro: plain(`Here is a recreation of ${host} built with ${label} and Tailwind CSS.`),
    artifact: { title: entry.title, files },
    outro: 'It follows the page’s structure, texts and colours. Ask for any change you want.',
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return clip(url, SHOWN.title);
  }
}

function plain(text: string): string {
  return text.replace(/[<>]/g, '');
}

function clip(text: string, max: number): string {
  const collapsed = text.replace(/\s+/g, ' ').trim();
  return collapsed.length <= max ? collapsed : `${collapsed.slice(0, max - 1).trimEnd()}…`;
}

/** Text and attribute values for the demo's markup reader; each framework's own escapes come after. */
function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * An http(s) address as the URL parser writes it (no quotes or angle brackets left), its braces
 * percent-encoded too (`{{ }}` in an attribute is an interpolation in Angular, entities or not),
 * or null.
 */
function webAddress(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href.replace(/\{/g, '%7B').replace(/\}/g, '%7D');
  } catch {
    return null;
  }
}

interface CloneColors {
  background: string;
  text: string;
  header: string;
  headerText: string;
  accent: string;
  accentText: string;
  heading: string;
}

/**
 * The page's own colours where the analysis measured them (the header's background, not the
 * darkest colour found: a brown header stays brown next to near-black text), each text colour
 * chosen by contrast so everything stays readable.
 */
function cloneColors(page: PageExtraction): CloneColors {
  const valid = page.colors.filter((color) => /^#[0-9a-f]{6}$/.test(color));
  const byLuminance = [...valid].sort((a, b) => relativeLuminance(a) - relativeLuminance(b));
  const lightest = byLuminance.at(-1);
  const background =
    page.palette.background ?? (lightest && relativeLuminance(lightest) > 0.6 ? lightest : '#ffffff');
  const text = readableOn(
    background,
    [page.palette.text, byLuminance[0]].filter((color): color is string => color != null),
  );
  const distinct = (color: string) => color !== background && color !== text;
  const header =
    page.palette.header ??
    valid.find((color) => distinct(color) && contrastRatio(color, background) >= 3) ??
    '#1f2937';
  const accent =
    page.palette.accent ??
    valid.find((color) => distinct(color) && color !== header && contrastRatio(color, background) >= 3) ??
    (contrastRatio(header, background) >= 3 ? header : '#2563eb');
  return {
    background,
    text,
    header,
    headerText: readableOn(header, [background, text]),
    accent,
    accentText: readableOn(accent, ['#ffffff', background, text]),
    heading: contrastRatio(accent, background) >= 3 ? accent : text,
  };
}

function cloneMarkup(page: PageExtraction): string {
  const colors = cloneColors(page);
  const content = limitContent(page.content);
  const title = escape(clip(page.title, SHOWN.title) || hostOf(page.url));
  const h1 = clip(
    page.headings.find((heading) => heading.level === 1)?.text || page.title || hostOf(page.url),
    SHOWN.title,
  );
  const links = page.links
    .map((link) => ({ text: clip(link.text, 40), href: webAddress(link.href) }))
    .filter((link) => link.text !== '' && link.href !== null)
    .slice(0, SHOWN.links);
  // References made before issue 35 item 8 have headings only.
  const sections =
    content.sections.length > 0
      ? content.sections.slice(0, SHOWN.sections)
      : page.headings
          .filter((heading) => heading.level > 1)
          .slice(0, SHOWN.sections)
          .map((heading) => ({
            level: heading.level,
            heading: clip(heading.text, SHOWN.title),
            text: '',
            prices: [],
            buttons: [],
          }));
  const inSections = new Set(sections.flatMap((section) => section.buttons));
  const heroButtons = content.buttons.filter((label) => !inSections.has(label)).slice(0, SHOWN.heroButtons);
  const image = page.images.map(webAddress).find((address) => address !== null);
  const button = (label: string) =>
    `<button type="button" class="rounded-lg bg-[${colors.accent}] px-5 py-2.5 font-semibold text-[${colors.accentText}] hover:opacity-90">${escape(label)}</button>`;
  const flat = contrastRatio(colors.header, colors.background) < 1.2 ? ' border-b border-black/10' : '';
  return [
    `<div class="min-h-screen bg-[${colors.background}] text-[${colors.text}]">`,
    `<header class="bg-[${colors.header}] text-[${colors.headerText}] px-8 py-6 flex flex-wrap items-center justify-between gap-4${flat}">`,
    `<span class="text-xl font-bold">${title}</span>`,
    `<nav class="flex flex-wrap gap-4 text-sm">`,
    ...links.map(
      (link) => `<a class="hover:underline" href="${escape(link.href!)}">${escape(link.text)}</a>`,
    ),
    `</nav>`,
    `</header>`,
    `<main class="mx-auto max-w-5xl px-8 py-12">`,
    `<section>`,
    `<h1 class="text-4xl font-bold">${escape(h1)}</h1>`,
    content.lead ? `<p class="mt-4 max-w-2xl text-lg opacity-80">${escape(content.lead)}</p>` : '',
    heroButtons.length > 0 ? `<div class="mt-6 flex flex-wrap gap-3">` : '',
    ...heroButtons.map(button),
    heroButtons.length > 0 ? `</div>` : '',
    `</section>`,
    image ? `<img class="mt-8 w-full rounded-xl" src="${escape(image)}" alt="" />` : '',
    sections.length > 0 ? `<div class="mt-10 grid gap-6 md:grid-cols-2">` : '',
    ...sections.flatMap((section) => {
      const tag = section.level <= 2 ? 'h2' : 'h3';
      const size = section.level <= 2 ? 'text-2xl' : 'text-xl';
      const buttons = section.buttons.slice(0, SHOWN.sectionButtons);
      return [
        `<section class="flex flex-col gap-3 rounded-xl border border-[${colors.heading}] p-6">`,
        `<${tag} class="${size} font-semibold text-[${colors.heading}]">${escape(section.heading)}</${tag}>`,
        section.text ? `<p class="opacity-80">${escape(section.text)}</p>` : '',
        ...section.prices
          .slice(0, SHOWN.prices)
          .map((price) => `<p class="text-xl font-bold">${escape(price)}</p>`),
        buttons.length > 0 ? `<div class="mt-auto flex flex-wrap gap-2">` : '',
        ...buttons.map(button),
        buttons.length > 0 ? `</div>` : '',
        `</section>`,
      ];
    }),
    sections.length > 0 ? `</div>` : '',
    `</main>`,
    `<footer class="border-t border-black/10 px-8 py-6 text-sm opacity-80">${escape(content.footer || `Recreated from ${clip(page.url, SHOWN.title)}`)}</footer>`,
    `</div>`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}
