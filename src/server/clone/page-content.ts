import {
  CONTENT_LIMITS,
  findPrices,
  isOnlyPrices,
  limitContent,
  type PageContent,
  type PageSection,
} from '../../core/clone/index.ts';

/**
 * What a visitor takes for a button: the element, submit inputs, the ARIA role, and links styled
 * as one (a `btn`/`button`/`cta` class, or a background of their own). The browser's
 * design measure uses it too (the accent colour is a button's background).
 */
export const BUTTON_SELECTOR = [
  'button',
  'input[type="submit"]',
  'input[type="button"]',
  '[role="button"]',
  'a[class~="btn"]',
  'a[class~="button"]',
  'a[class~="cta"]',
  'a[class*="btn-"]',
  'a[class*="button-"]',
  // A link with a resting background (Tailwind's `bg-…`, not `hover:bg-…`).
  'a[class^="bg-"]',
  'a[class*=" bg-"]',
].join(', ');

const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const OUTSIDE_CONTENT = 'nav, footer, [role="contentinfo"], [role="navigation"], [aria-hidden="true"]';
/** Elements whose text runs on in the line; every other element's text is a word apart. */
const INLINE = new Set(
  'a abbr b bdi bdo cite code data dfn em i kbd mark q s samp small span strong sub sup time u var'.split(
    ' ',
  ),
);
/** Siblings read after a heading before its section is taken as ended. */
const MAX_SIBLINGS = 30;

/**
 * Issue 35 item 8: the texts of a page a clone must keep — the lead under the h1, each heading
 * with what follows it (a card's description, prices and buttons), the button labels and the
 * footer — read from the cleaned document (no scripts), bounded as the prompt needs.
 */
export function readPageContent(document: Document): PageContent {
  const body = document.querySelector('body');
  if (!body) return { lead: '', sections: [], buttons: [], footer: '' };
  const h1 = [...body.querySelectorAll('h1')].find((heading) => !heading.closest(OUTSIDE_CONTENT));
  const lead = h1 ? (blockAfter(h1).parts.find((part) => !isOnlyPrices(part)) ?? '') : '';

  const sections: PageSection[] = [];
  const seen = new Set<string>();
  for (const heading of body.querySelectorAll('h2, h3, h4')) {
    if (sections.length >= CONTENT_LIMITS.sections) break;
    if (heading.closest(OUTSIDE_CONTENT)) continue;
    const title = readableText(heading);
    if (title === '') continue;
    const { parts, buttons } = blockAfter(heading);
    const text = parts.filter((part) => !isOnlyPrices(part)).join(' ');
    const key = `${title}\n${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sections.push({
      level: Number(heading.tagName.slice(1)),
      heading: title,
      text,
      prices: findPrices([title, ...parts].join(' ')),
      buttons: unique(buttons),
    });
  }

  const buttons = unique(
    [...body.querySelectorAll(BUTTON_SELECTOR)].filter(isActionButton).map(buttonLabel),
  ).slice(0, CONTENT_LIMITS.buttons);
  const footers = [...body.querySelectorAll('footer, [role="contentinfo"]')];
  // The page's footer is the last one (an article may have its own before it).
  const footer = footers.length > 0 ? readableText(footers[footers.length - 1]!) : '';
  return limitContent({ lead, sections, buttons, footer });
}

/**
 * What follows a heading up to the next heading: its text parts (one per element) and its
 * buttons. A heading wrapped alone (`<div class="title"><h3>…</h3></div>`) is read from its
 * wrapper, so a card's description after the wrapper still belongs to it.
 */
function blockAfter(heading: Element): { parts: string[]; buttons: string[] } {
  const title = readableText(heading);
  let anchor: Element = heading;
  while (
    anchor.parentElement &&
    anchor.parentElement.tagName !== 'BODY' &&
    readableText(anchor.parentElement) === title
  ) {
    anchor = anchor.parentElement;
  }
  const parts: string[] = [];
  const buttons: string[] = [];
  let node = anchor.nextSibling;
  for (let step = 0; node && step < MAX_SIBLINGS; node = node.nextSibling, step++) {
    if (node.nodeType === 3) {
      const text = collapse(node.textContent);
      if (text !== '') parts.push(text);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    if (element.matches(HEADINGS) || element.querySelector(HEADINGS)) break;
    if (element.matches(OUTSIDE_CONTENT)) continue;
    if (element.matches(BUTTON_SELECTOR)) {
      if (isActionButton(element)) buttons.push(buttonLabel(element));
      continue;
    }
    for (const button of element.querySelectorAll(BUTTON_SELECTOR)) {
      if (isActionButton(button)) buttons.push(buttonLabel(button));
    }
    const text = readableText(element, true);
    if (text !== '') parts.push(text);
  }
  return { parts, buttons };
}

/** A button with a visible label that does something on the page (not a menu's toggle). */
function isActionButton(element: Element): boolean {
  return (
    buttonLabel(element) !== '' &&
    !element.hasAttribute('aria-expanded') &&
    !element.hasAttribute('aria-controls')
  );
}

function buttonLabel(element: Element): string {
  return element.tagName === 'INPUT' ? collapse(element.getAttribute('value')) : readableText(element);
}

/** The element's text as it reads: block elements a word apart, buttons left out when asked. */
function readableText(element: Element, withoutButtons = false): string {
  const out: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      out.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== 1) return;
    const child = node as Element;
    const tag = child.tagName.toLowerCase();
    if (tag === 'script' || tag === 'style' || tag === 'template') return;
    if (withoutButtons && child !== element && child.matches(BUTTON_SELECTOR)) return;
    const inline = INLINE.has(tag);
    if (!inline) out.push(' ');
    for (const grandchild of child.childNodes) walk(grandchild);
    if (!inline) out.push(' ');
  };
  walk(element);
  return collapse(out.join(''));
}

function collapse(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}
