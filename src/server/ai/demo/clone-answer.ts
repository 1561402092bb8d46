import { readCloneReference, type PageExtraction } from '../../../core/clone/index.ts';
import { FRAMEWORK_LABELS } from '../../../core/frameworks/index.ts';
import { staticSources } from './catalogue/static-sources.ts';
import type { CatalogueEntry } from './catalogue/entry.ts';
import { entryFiles } from './project/entry-files.ts';
import type { DemoRequest } from './types.ts';
import { writeAnswer } from './writer.ts';

/**
 * Issue 19 item 2: offline, a clone's first version is built from the analysed page itself —
 * its title, headings, links and colours — so the flow works without a provider.
 */
export function cloneAnswer(request: DemoRequest): string | null {
  if (request.snapshot !== null) return null;
  const page = readCloneReference(request.prompt);
  if (!page) return null;
  const entry: CatalogueEntry = {
    id: 'cloned-page',
    title: page.title || hostOf(page.url),
    componentName: 'ClonedPage',
    keywords: [],
    summary: 'a page with the analysed website’s title, sections, links and colours',
    placement: 'top',
    sources: () => staticSources('ClonedPage', cloneMarkup(page)),
  };
  const files = entryFiles(request.framework, entry);
  const label = FRAMEWORK_LABELS[request.framework];
  return writeAnswer({
    thinking: [
      `The request asks to recreate ${page.url}. The analysis found the title “${entry.title}”,`,
      `${page.headings.length} headings, ${page.links.length} links and the colours ${page.colors.slice(0, 4).join(', ') || 'none'}.`,
      `Framework: ${label} with Tailwind CSS. Files:`,
      ...files.map((file) => `- ${file.name}`),
    ].join('\n'),
    intro: `Here is a recreation of ${hostOf(page.url)} built with ${label} and Tailwind CSS.`,
    artifact: { title: entry.title, files },
    outro: 'It follows the page’s structure, texts and colours. Ask for any change you want.',
  });
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A readable pair: the page's darkest colour for the header, its lightest for the body. */
function palette(colors: string[]): { dark: string; light: string; accent: string } {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((index) => parseInt(hex.slice(index, index + 2), 16));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const valid = colors.filter((color) => /^#[0-9a-f]{6}$/.test(color));
  const sorted = [...valid].sort((a, b) => luminance(a) - luminance(b));
  const dark = sorted[0] && luminance(sorted[0]) < 90 ? sorted[0] : '#1f2937';
  const light = sorted.at(-1) && luminance(sorted.at(-1)!) > 200 ? sorted.at(-1)! : '#ffffff';
  const accent =
    valid.find((color) => color !== dark && color !== light && luminance(color) < 180) ?? '#2563eb';
  return { dark, light, accent };
}

function cloneMarkup(page: PageExtraction): string {
  const { dark, light, accent } = palette(page.colors);
  const title = escape(page.title || hostOf(page.url));
  const links = page.links.slice(0, 6);
  const sections = page.headings.filter((heading) => heading.level > 1).slice(0, 6);
  const image = page.images[0];
  return [
    `<div class="min-h-screen bg-[${light}] text-[${dark}]">`,
    `<header class="bg-[${dark}] text-[${light}] px-8 py-6 flex flex-wrap items-center justify-between gap-4">`,
    `<span class="text-xl font-bold">${title}</span>`,
    `<nav class="flex flex-wrap gap-4 text-sm">`,
    ...links.map((link) => `<a class="hover:underline" href="${escape(link.href)}">${escape(link.text)}</a>`),
    `</nav>`,
    `</header>`,
    `<main class="mx-auto max-w-5xl px-8 py-12">`,
    `<h1 class="text-4xl font-bold">${escape(page.headings.find((heading) => heading.level === 1)?.text ?? page.title ?? title)}</h1>`,
    image ? `<img class="mt-8 w-full rounded-xl" src="${escape(image)}" alt="" />` : '',
    `<div class="mt-10 grid gap-6 md:grid-cols-2">`,
    ...sections.map(
      (heading) =>
        `<section class="rounded-xl border border-[${accent}] p-6"><h2 class="text-2xl font-semibold text-[${accent}]">${escape(heading.text)}</h2></section>`,
    ),
    `</div>`,
    `</main>`,
    `<footer class="px-8 py-6 text-sm opacity-70">Recreated from ${escape(page.url)}</footer>`,
    `</div>`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}
