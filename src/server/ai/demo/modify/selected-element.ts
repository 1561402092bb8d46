import type { ElementSelection } from '../../../generation/selection.ts';
import { attributeName, dialectOfFile, escapeAttributeValue, escapeText } from '../markup/dialect.ts';
import { normalizeWords } from '../picker.ts';
import {
  countColourFamilies,
  NEUTRAL_COLOURS,
  swapColourFamily,
  TAILWIND_COLOURS,
  type TailwindColour,
} from './class-tokens.ts';
import { elementAt, type ElementAt } from './element-at.ts';
import { COLOUR_WORDS } from './plan.ts';
import type { ProjectFiles } from './project-files.ts';

/** What a prompt asks of the one element the person selected in the preview. */
export type ElementChange =
  | { kind: 'colour'; colour: TailwindColour }
  | { kind: 'size'; step: 1 | -1 }
  | { kind: 'text'; text: string };

const QUOTED_VALUE = String.raw`"([^"]+)"|“([^”]+)”|'([^']+)'`;
const TEXT_CHANGE = new RegExp(
  String.raw`\b(?:change|set|make|replace|update|edit|rename)\s+(?:the\s+|its\s+|this\s+|that\s+)?(?:text|label|wording|copy|words?)\s+(?:to\s+(?:say|read)\s+|to\s+|into\s+|with\s+|:\s*)(?:${QUOTED_VALUE}|(.+?))[.!]?$|\b(?:say|read)s?\s+(?:${QUOTED_VALUE})`,
  'i',
);

/**
 * Reads the prompt into changes of the selected element: 'make it red' / 'make this blue' (a
 * colour), 'make it bigger' / 'smaller', 'change the text to "X"'. Empty: not an element change.
 */
export function planElementChanges(prompt: string): ElementChange[] {
  const changes: ElementChange[] = [];
  const text = TEXT_CHANGE.exec(prompt);
  const value = text?.slice(1).find((group) => group !== undefined && group.trim() !== '');
  if (text && value) changes.push({ kind: 'text', text: value.trim() });
  // The new text's words ('Red alert') are not instructions.
  const words = normalizeWords(text ? prompt.replace(text[0], ' ') : prompt);
  const colourWord = Object.keys(COLOUR_WORDS).find((word) => words.includes(` ${word} `));
  if (colourWord) changes.push({ kind: 'colour', colour: COLOUR_WORDS[colourWord] ?? 'red' });
  if (/ (bigger|larger|huge|enlarge|grow) /.test(words)) changes.push({ kind: 'size', step: 1 });
  else if (/ (smaller|tiny|shrink) /.test(words)) changes.push({ kind: 'size', step: -1 });
  return changes;
}

const SIZES = ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl', '7xl', '8xl', '9xl'];
const VARIANTS = String.raw`(?:[\w-]+:)*`;
const SIZE_TOKEN = new RegExp(`^(${VARIANTS}text-)(${SIZES.join('|')})$`);
const DAISY_COLOURS = 'base-content|primary|secondary|accent|neutral|info|success|warning|error';
const TEXT_COLOUR_TOKEN = new RegExp(
  String.raw`^${VARIANTS}text-(?:(?:${TAILWIND_COLOURS.join('|')})-\d{2,3}|white|black|transparent|current|inherit|(?:${DAISY_COLOURS})(?:-content)?)(?:/\d+)?$`,
);
/** Gradient text (`bg-clip-text text-transparent from-…`) would hide a plain colour. */
const GRADIENT_TOKEN =
  /^(?:[\w-]+:)*(?:bg-clip-text|bg-gradient-to-\w+|bg-linear-to-\w+|from-\S+|via-\S+|to-\S+)$/;

function recolour(tokens: string[], colour: TailwindColour): string[] {
  // An element with an accent of its own (a button, a badge, a link) swaps that accent family in
  // all its colour utilities; a neutral one (a heading in gray) takes the colour as its text.
  const accents = [...countColourFamilies(tokens.join(' ')).keys()].filter(
    (family) => !NEUTRAL_COLOURS.has(family),
  );
  if (accents.length > 0) {
    const swapped = accents.reduce(
      (text, family) => swapColourFamily(text, family, colour),
      tokens.join(' '),
    );
    return swapped.split(' ');
  }
  const gradient = tokens.includes('text-transparent');
  const kept = tokens.filter(
    (token) => !TEXT_COLOUR_TOKEN.test(token) && !(gradient && GRADIENT_TOKEN.test(token)),
  );
  return [...kept, `text-${colour}-600`];
}

function resize(tokens: string[], step: 1 | -1): string[] {
  if (!tokens.some((token) => SIZE_TOKEN.test(token))) return [...tokens, step > 0 ? 'text-xl' : 'text-sm'];
  return tokens.map((token) =>
    token.replace(SIZE_TOKEN, (_, utility: string, size: string) => {
      const index = Math.min(SIZES.length - 1, Math.max(0, SIZES.indexOf(size) + step));
      return `${utility}${SIZES[index]}`;
    }),
  );
}

function describe(change: ElementChange): string {
  switch (change.kind) {
    case 'colour':
      return change.colour;
    case 'size':
      return change.step > 0 ? 'bigger' : 'smaller';
    case 'text':
      return `read “${change.text}”`;
  }
}

/** The start tag with its static class attribute rewritten (or added), or a reason it can't be. */
function withClasses(
  open: string,
  tagName: string,
  name: string,
  dialect: Parameters<typeof escapeAttributeValue>[0],
  edit: (tokens: string[]) => string[],
): string | { reason: string } {
  const staticClass = new RegExp(`(\\s${name}=)(?:"([^"]*)"|'([^']*)')`).exec(open);
  if (!staticClass) {
    // A bound class (`className={…}`, `:class`, `[class]`) is code, not a list to edit safely.
    if (new RegExp(`[\\s:\\[]${name}\\]?=`).test(open))
      return { reason: `its ${name} is computed, so I can't change its classes safely` };
    const tokens = edit([]).join(' ');
    const after = 1 + tagName.length;
    return `${open.slice(0, after)} ${name}="${escapeAttributeValue(dialect, tokens)}"${open.slice(after)}`;
  }
  const value = staticClass[2] ?? staticClass[3] ?? '';
  const quote = staticClass[2] !== undefined ? '"' : "'";
  const tokens = edit(value.split(/\s+/).filter(Boolean)).join(' ');
  const at = staticClass.index;
  return `${open.slice(0, at)}${staticClass[1]}${quote}${tokens}${quote}${open.slice(at + staticClass[0].length)}`;
}

/** The element's new text in place of its old one, or a reason it can't be. */
function withText(
  content: string,
  element: ElementAt,
  tagName: string,
  dialect: Parameters<typeof escapeText>[0],
  text: string,
): string | { reason: string } {
  if (element.selfClosing) return { reason: 'it has no text of its own' };
  const close = content.toLowerCase().indexOf(`</${tagName.toLowerCase()}`, element.openEnd);
  const inner = close === -1 ? '' : content.slice(element.openEnd, close);
  // Only plain text is replaced: nested elements or expressions are more than a wording change.
  if (close === -1 || /[<{}@]/.test(inner))
    return { reason: 'its text is mixed with other elements or code' };
  const [, lead = '', trail = ''] = /^(\s*)[\s\S]*?(\s*)$/.exec(inner) ?? [];
  return `${content.slice(0, element.openEnd)}${lead}${escapeText(dialect, text)}${trail}${content.slice(close)}`;
}

/**
 * Applies the changes to the selected element only, in its file at its line; one sentence says
 * what happened. The element not found there (the code changed since) changes nothing.
 */
export function changeSelectedElement(
  project: ProjectFiles,
  selection: ElementSelection,
  changes: readonly ElementChange[],
): string {
  const where = `the <${selection.tagName}> at ${selection.file} line ${selection.line}`;
  const content = project.get(selection.file);
  const dialect = dialectOfFile(selection.file, project.framework);
  const found = content === undefined || !dialect ? undefined : elementAt(content, selection);
  if (content === undefined || !dialect || !found) {
    return `I couldn't find ${where} in the current code, so I changed nothing. Select the element again and repeat the request.`;
  }
  if (project.isLocked(selection.file)) return `${selection.file} is locked, so I left ${where} unchanged.`;
  const classAttribute = attributeName(dialect, 'class');
  let next = content;
  // Text first: it changes only what follows the start tag, whose offsets stay put.
  for (const change of [...changes].sort((a, b) => Number(b.kind === 'text') - Number(a.kind === 'text'))) {
    const element = elementAt(next, selection);
    if (!element) break;
    const result =
      change.kind === 'text'
        ? withText(next, element, selection.tagName, dialect, change.text)
        : (() => {
            const open = next.slice(element.start, element.openEnd);
            const edit = (tokens: string[]) =>
              change.kind === 'colour' ? recolour(tokens, change.colour) : resize(tokens, change.step);
            const rewritten = withClasses(open, selection.tagName, classAttribute, dialect, edit);
            return typeof rewritten === 'string'
              ? `${next.slice(0, element.start)}${rewritten}${next.slice(element.openEnd)}`
              : rewritten;
          })();
    if (typeof result !== 'string')
      return `I couldn't make ${where} ${describe(change)}: ${result.reason}. I changed nothing.`;
    next = result;
  }
  if (next === content)
    return `${where[0]!.toUpperCase()}${where.slice(1)} is already ${changes.map(describe).join(' and ')}.`;
  project.set(selection.file, next);
  return `Made ${where} ${changes.map(describe).join(' and ')}; nothing else changed.`;
}
