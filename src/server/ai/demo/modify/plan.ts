import type { CatalogueEntry } from '../catalogue/index.ts';
import { matchEntry, normalizeWords, scoreEntries } from '../picker.ts';
import type { TailwindColour } from './class-tokens.ts';
import { DAISY_THEMES } from './daisy-theme.ts';
import type { SectionKind } from './snippets.ts';

export type Change =
  | { kind: 'title'; text: string }
  | { kind: 'button'; label: string; colour: TailwindColour | undefined }
  | { kind: 'section'; section: SectionKind }
  | { kind: 'generic-section'; title: string }
  | { kind: 'entry'; entry: CatalogueEntry }
  | { kind: 'mode'; mode: 'dark' | 'light' }
  | { kind: 'colour'; colour: TailwindColour }
  | { kind: 'theme'; theme: string | undefined }
  | { kind: 'note'; request: string };

export const COLOUR_WORDS: Readonly<Record<string, TailwindColour>> = {
  red: 'red',
  orange: 'orange',
  amber: 'amber',
  gold: 'amber',
  yellow: 'yellow',
  lime: 'lime',
  green: 'green',
  emerald: 'emerald',
  teal: 'teal',
  turquoise: 'teal',
  cyan: 'cyan',
  sky: 'sky',
  blue: 'blue',
  navy: 'blue',
  indigo: 'indigo',
  violet: 'violet',
  purple: 'purple',
  fuchsia: 'fuchsia',
  magenta: 'fuchsia',
  pink: 'pink',
  rose: 'rose',
};

const SECTION_WORDS: readonly [RegExp, SectionKind][] = [
  [/\bfooter\b/, 'footer'],
  [/\b(faq|faqs|questions)\b/, 'faq'],
  [/\b(testimonials?|reviews?|quotes?)\b/, 'testimonials'],
  [/\bfeatures?\b/, 'features'],
  [/\b(newsletter|subscribe|subscription form)\b/, 'newsletter'],
  [/\b(stats|statistics|numbers)\b/, 'stats'],
];

const ADD_VERB =
  /\b(add|adding|insert|include|append|put|place|create|build|show|need|want|with|plus|also)\b/;
/** A follow-up names a catalogue entry only with at least this score (weak words don't count). */
const ENTRY_THRESHOLD = 3;

/** A quoted phrase; an apostrophe inside a word ("don't") does not open one. */
const QUOTED = /(?<=^|[\s(:])["“'‘«]([^"“”‘’«»\n]{1,80}?)["”'’»](?=$|[\s.,!?;:)])/g;

function titleCase(words: string): string {
  return words
    .trim()
    .split(/\s+/)
    .map((word) => (word[0] ?? '').toUpperCase() + word.slice(1))
    .join(' ');
}

function cleanValue(value: string): string {
  const trimmed = value.trim().replace(/[.!;]+$/, '');
  const quoted = /^["“'‘«](.*)["”'’»]$/.exec(trimmed);
  return (quoted ? (quoted[1] ?? '') : trimmed).trim();
}

/** "change the title to X" / "rename heading to 'X'" / "title should say X": X, and the rest. */
export function readTitleChange(prompt: string): { text: string; rest: string } | undefined {
  const patterns = [
    /\b(?:change|rename|set|update|make|edit|replace|switch)\s+(?:the\s+|my\s+|its\s+)?(?:main\s+|page\s+|hero\s+)?(?:title|heading|headline|h1)(?:\s+text)?\s*(?:to\s+(?:say|read)\s+|to\s+|as\s+|into\s+|with\s+|:\s*|=\s*)("[^"]+"|“[^”]+”|'[^']+'|.+?)(?=\s+and\s+(?:make|change|add|set|use|switch|turn)\b|$)/i,
    /\b(?:title|heading|headline)\s+(?:should\s+(?:be|say|read)|says?|reads?)\s*:?\s*("[^"]+"|“[^”]+”|'[^']+'|.+?)(?=\s+and\s+(?:make|change|add|set|use|switch|turn)\b|$)/i,
    /\b(?:titled|called|named)\s+("[^"]+"|“[^”]+”|'[^']+')/i,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(prompt);
    const text = cleanValue(match?.[1] ?? '');
    if (match && text !== '') return { text, rest: prompt.replace(match[0], ' ') };
  }
  return undefined;
}

function readButton(rest: string, quoted: string[]): Change | undefined {
  const words = normalizeWords(rest);
  if (!/ buttons? /.test(words)) return undefined;
  const isAddition = ADD_VERB.test(words) || / (a|an|another|one|new) ([a-z]+ ){0,3}button /.test(words);
  if (!isAddition) return undefined;
  const before = / (?:a|an|another|new) ((?:[a-z]+ ){0,3})button /.exec(words)?.[1]?.trim().split(' ') ?? [];
  const colourWord = before.find((word) => word in COLOUR_WORDS);
  const colour = colourWord ? COLOUR_WORDS[colourWord] : undefined;
  const said = / button (?:that says|saying|labell?ed|called|with the text|with text|reading) (.+?) $/.exec(
    words,
  )?.[1];
  const named = before.filter(
    (word) => !(word in COLOUR_WORDS) && !['big', 'small', 'new', 'large', 'primary'].includes(word),
  );
  const label =
    quoted[0] ?? (said ? titleCase(said) : named.length > 0 ? titleCase(named.join(' ')) : 'Get started');
  return { kind: 'button', label, colour };
}

function readGenericSection(rest: string): string | undefined {
  const words = normalizeWords(rest);
  if (!/ section /.test(words) || !ADD_VERB.test(words)) return undefined;
  const about = / section (?:about|on|for|called|titled|named|with) (.+?) $/.exec(words)?.[1];
  if (about) return titleCase(about.replace(/^(the|our|a|an) /, ''));
  const before = / (?:a|an|new|another) ((?:[a-z]+ ){1,3})section /.exec(words)?.[1]?.trim();
  return before ? titleCase(before) : 'New Section';
}

function readTheme(words: string, hasMode: boolean): Change | undefined {
  const mentionsTheme = / (theme|themes|daisy|daisyui) /.test(words);
  if (!mentionsTheme) return undefined;
  const name = Object.keys(DAISY_THEMES).find(
    (theme) => theme !== 'light' && theme !== 'dark' && words.includes(` ${theme} `),
  );
  if (name) return { kind: 'theme', theme: name };
  if (hasMode && !/ daisy(ui)? /.test(words)) return undefined;
  return { kind: 'theme', theme: undefined };
}

/**
 * Reads a follow-up prompt into the changes the demo knows (docs/decisions/0040-demo-model.md).
 * Quoted text and a title clause are taken out first so that words inside them ("Green
 * Energy") are not read as instructions. `isFirstPrompt` keeps only the style changes.
 */
export function planChanges(prompt: string, isFirstPrompt = false): Change[] {
  const changes: Change[] = [];
  const title = readTitleChange(prompt);
  if (title) changes.push({ kind: 'title', text: title.text });
  const afterTitle = title ? title.rest : prompt;
  const quoted = [...afterTitle.matchAll(QUOTED)].map((match) => match[1] ?? '').filter(Boolean);
  const rest = afterTitle.replace(QUOTED, ' ');
  const words = normalizeWords(rest);

  let mode: 'dark' | 'light' | undefined;
  if (/ (dark|darker|night mode) /.test(words)) mode = 'dark';
  else if (/ (light mode|light theme|lighter) /.test(words) || / make it light /.test(words)) mode = 'light';
  const theme = readTheme(words, mode !== undefined);

  const button = isFirstPrompt ? undefined : readButton(rest, quoted);
  let colourWords = words;
  if (button?.kind === 'button' && button.colour)
    colourWords = colourWords.replace(/ [a-z]+ button /, ' button ');
  if (theme?.kind === 'theme' && theme.theme) colourWords = colourWords.replace(` ${theme.theme} `, ' ');
  const colourWord = Object.keys(COLOUR_WORDS).find((word) => colourWords.includes(` ${word} `));

  if (!isFirstPrompt) {
    let entryWords = rest;
    for (const [pattern, section] of SECTION_WORDS) {
      if (pattern.test(words) && ADD_VERB.test(words)) {
        changes.push({ kind: 'section', section });
        entryWords = normalizeWords(entryWords).replace(pattern, ' ');
      }
    }
    const best = scoreEntries(entryWords).reduce((top, scored) => Math.max(top, scored.score), 0);
    const entry =
      button || !ADD_VERB.test(words) || best < ENTRY_THRESHOLD ? undefined : matchEntry(entryWords);
    if (entry) changes.push({ kind: 'entry', entry });
    const hasSection = changes.some((change) => change.kind === 'section');
    const generic = entry || hasSection ? undefined : readGenericSection(rest);
    if (generic) changes.push({ kind: 'generic-section', title: generic });
    if (button) changes.push(button);
  }
  if (colourWord) changes.push({ kind: 'colour', colour: COLOUR_WORDS[colourWord] ?? 'indigo' });
  if (theme) changes.push(theme);
  if (mode) changes.push({ kind: 'mode', mode });
  if (changes.length === 0 && !isFirstPrompt) changes.push({ kind: 'note', request: prompt.trim() });
  return changes;
}
