import { NEUTRAL_COLOURS, swapClassTokens, TAILWIND_COLOURS } from './class-tokens.ts';
import type { ProjectFiles } from './project-files.ts';
import { setHtmlTheme } from './html-theme.ts';
import { pageStylesheetChange } from './page-mode.ts';
import { markupFiles } from './targets.ts';

/**
 * Light neutrals → dark ones. One-to-one, so "make it light" is the same map reversed; and no dark
 * class may appear on a light page (text-white on an accent button), or "make it light" would
 * change what "make it dark" never did (dark-mode.test.ts checks the catalogue and snippets).
 */
export const LIGHT_TO_DARK: Readonly<Record<string, string>> = {
  'bg-white': 'bg-slate-900',
  'bg-gray-50': 'bg-slate-950',
  'bg-gray-100': 'bg-slate-800',
  'bg-gray-200': 'bg-slate-700',
  'text-gray-900': 'text-slate-50',
  'text-gray-800': 'text-slate-100',
  'text-gray-700': 'text-slate-200',
  'text-gray-600': 'text-slate-300',
  'text-gray-500': 'text-slate-400',
  'text-gray-400': 'text-slate-500',
  'border-gray-200': 'border-slate-700',
  'border-gray-300': 'border-slate-600',
  'divide-gray-200': 'divide-slate-700',
  // Placeholders stay dimmer than typed text but legible (≥ 3:1) on every dark surface above.
  'placeholder-gray-400': 'placeholder-slate-400',
  'placeholder-gray-500': 'placeholder-slate-300',
  // Accent tints: pale badges and chips become deep ones with light text.
  ...Object.fromEntries(
    TAILWIND_COLOURS.filter((colour) => !NEUTRAL_COLOURS.has(colour)).flatMap((colour) => [
      [`bg-${colour}-50`, `bg-${colour}-950`],
      [`bg-${colour}-100`, `bg-${colour}-900`],
      [`text-${colour}-700`, `text-${colour}-300`],
      [`border-${colour}-200`, `border-${colour}-800`],
    ]),
  ),
};

const DARK_TO_LIGHT: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LIGHT_TO_DARK).map(([light, dark]) => [dark, light]),
);

/**
 * Every unlocked file with markup gets dark (or light) neutrals; HTML also switches theme. The
 * page behind the app follows: HTML's <body> through its classes and data-theme, the other
 * frameworks through their global stylesheet (page-mode.ts).
 */
export function switchMode(project: ProjectFiles, mode: 'dark' | 'light', htmlTheme: string = mode): string {
  const map = mode === 'dark' ? LIGHT_TO_DARK : DARK_TO_LIGHT;
  const changed: string[] = [];
  const locked: string[] = [];
  const write = (name: string, content: string) => {
    if (project.set(name, content)) changed.push(name);
    else locked.push(name);
  };
  for (const file of markupFiles(project)) {
    const content = project.get(file.name) ?? '';
    let next = swapClassTokens(content, map);
    if (file.dialect === 'html') next = setHtmlTheme(next, htmlTheme);
    if (next !== content) write(file.name, next);
  }
  const stylesheet = pageStylesheetChange(project, mode);
  if (stylesheet) write(stylesheet.name, stylesheet.content);
  const skipped =
    locked.length > 0
      ? ` ${locked.join(', ')} ${locked.length === 1 ? 'is' : 'are'} locked, so left as is.`
      : '';
  if (changed.length === 0) {
    return locked.length > 0
      ? `I couldn't switch to ${mode} mode:${skipped}`
      : `It is already in ${mode} mode.`;
  }
  return mode === 'dark'
    ? `Switched to a dark look: a dark page, dark surfaces, light text and softer borders.${skipped}`
    : `Switched back to a light look.${skipped}`;
}
