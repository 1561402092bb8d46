/**
 * The chat's sentences for what Kiln changed for Tailwind 4 (issue 39), one per file, starting
 * with "Kiln " like every note of Kiln's own: 'Kiln updated src/index.css for Tailwind 4:
 * @import 'tailwindcss' in place of the @tailwind directives; @config '../tailwind.config.js' so
 * the config's theme and plugins apply.'
 */
import type { PostcssConfigMapping, TailwindRoute } from './postcss-config.ts';
import type { StylesheetChange } from './stylesheet.ts';

export function stylesheetNote(
  file: string,
  changes: readonly StylesheetChange[],
  fromTemplate: boolean,
): string {
  const parts: string[] = [];
  const has = (kind: StylesheetChange['kind']) => changes.some((change) => change.kind === kind);
  if (has('directives')) parts.push("@import 'tailwindcss' in place of the @tailwind directives");
  for (const change of changes) {
    if (change.kind === 'config')
      parts.push(`@config '${change.path}' so the config's theme and plugins apply`);
  }
  if (has('defaults')) {
    parts.push(
      "Tailwind 3's defaults where Tailwind 4 changed them (border colour, ring, small shadow and radius)",
    );
  }
  for (const change of changes) {
    if (change.kind === 'reference')
      parts.push(`@reference '${change.path}' so @apply finds Tailwind's utilities`);
  }
  const merged = changes.filter((change) => change.kind === 'opacity' && change.to !== '');
  const dropped = changes.filter((change) => change.kind === 'opacity' && change.to === '');
  if (merged.length > 0) {
    parts.push(
      `${listInSentence(merged.map((change) => (change.kind === 'opacity' ? `${change.to} for ${change.from}` : '')))} in @apply`,
    );
  }
  if (dropped.length > 0) {
    const names = [...new Set(dropped.map((change) => (change.kind === 'opacity' ? change.from : '')))];
    parts.push(`@apply without ${listInSentence(names)}, which Tailwind 4 does not have`);
  }
  const utilities = changes.flatMap((change) => (change.kind === 'utility' ? [change.name] : []));
  if (utilities.length > 0) {
    parts.push(
      `${listInSentence(utilities.map((name) => `@utility ${name}`))} for the @layer ${utilities.length === 1 ? 'class' : 'classes'} that @apply names`,
    );
  }
  return fromTemplate
    ? `Kiln added the template's ${file} for Tailwind 4 with ${parts.join('; ')}.`
    : `Kiln updated ${file} for Tailwind 4: ${parts.join('; ')}.`;
}

export function postcssConfigNote(file: string, mapping: PostcssConfigMapping, route: TailwindRoute): string {
  const removed = listInSentence(mapping.removed);
  const plugins = mapping.removed.length === 1 ? 'plugin' : 'plugins';
  if (mapping.content === null) {
    return route === 'vite-plugin'
      ? `Kiln removed ${file}: Tailwind 4 runs in the template's Vite plugin and adds vendor prefixes itself, so its ${removed} ${plugins} had nothing left to do.`
      : `Kiln removed ${file}: Tailwind 4 adds vendor prefixes itself, so its ${removed} ${plugins} had nothing left to do.`;
  }
  const parts: string[] = [];
  if (mapping.replaced) parts.push('@tailwindcss/postcss in place of tailwindcss');
  const others = mapping.removed.filter((name) => name !== 'tailwindcss');
  if (mapping.removed.includes('tailwindcss'))
    parts.push("without tailwindcss (the template's Vite plugin runs Tailwind)");
  if (others.length > 0)
    parts.push(
      `without ${listInSentence(others)} (Tailwind 4 does ${others.length === 1 ? 'its' : 'their'} work itself)`,
    );
  return `Kiln updated ${file} for Tailwind 4: ${parts.join('; ')}.`;
}

/** 'a', 'a and b', 'a, b and c'. */
function listInSentence(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
