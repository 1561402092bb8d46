/**
 * Tailwind class tokens inside source text. A token counts when it stands alone or after a
 * variant (`hover:bg-white`), bounded by quotes, spaces or backticks, and may carry an opacity
 * (`bg-white/80`), so words in prose and longer class names are left alone.
 */
const BEFORE = String.raw`(?<=^|[\s"'\x60:])`;
const AFTER = String.raw`(?=$|[\s"'\x60/])`;

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces whole class tokens by the map, in one pass (so a swap never cascades). */
export function swapClassTokens(source: string, map: Readonly<Record<string, string>>): string {
  const keys = Object.keys(map).sort((a, b) => b.length - a.length);
  if (keys.length === 0) return source;
  const pattern = new RegExp(`${BEFORE}(${keys.map(escapeRegExp).join('|')})${AFTER}`, 'gm');
  return source.replace(pattern, (token) => map[token] ?? token);
}

const COLOUR_UTILITIES =
  'bg|text|border|ring|ring-offset|from|via|to|fill|stroke|outline|decoration|accent|caret|shadow|divide|placeholder|border-[trblxy]';

export const TAILWIND_COLOURS = [
  'slate',
  'gray',
  'zinc',
  'neutral',
  'stone',
  'red',
  'orange',
  'amber',
  'yellow',
  'lime',
  'green',
  'emerald',
  'teal',
  'cyan',
  'sky',
  'blue',
  'indigo',
  'violet',
  'purple',
  'fuchsia',
  'pink',
  'rose',
] as const;
export type TailwindColour = (typeof TAILWIND_COLOURS)[number];
export const NEUTRAL_COLOURS: ReadonlySet<string> = new Set(['slate', 'gray', 'zinc', 'neutral', 'stone']);

function colourPattern(colours: readonly string[]): RegExp {
  return new RegExp(`${BEFORE}((?:${COLOUR_UTILITIES})-)(${colours.join('|')})(-\\d{2,3})${AFTER}`, 'gm');
}

/** How often each colour family appears in colour utilities. */
export function countColourFamilies(source: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of source.matchAll(colourPattern([...TAILWIND_COLOURS]))) {
    const family = match[2] ?? '';
    counts.set(family, (counts.get(family) ?? 0) + 1);
  }
  return counts;
}

/** Every colour utility of family `from` becomes family `to`, shades kept. */
export function swapColourFamily(source: string, from: string, to: string): string {
  return source.replace(colourPattern([from]), (_, utility: string, _family: string, shade: string) =>
    [utility, to, shade].join(''),
  );
}
