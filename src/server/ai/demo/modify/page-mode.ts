import { STYLESHEET_FILE, templateStylesheet } from '../project/stylesheet.ts';
import type { ProjectFiles } from './project-files.ts';

/**
 * What "make it dark" adds to the global stylesheet. The App's root element darkens only itself:
 * the page (<html>, <body>) keeps the browser's white and black text wherever the app does not
 * cover it, so it turns dark too. `color-scheme` makes the browser draw its own parts (scrollbars,
 * date pickers, a select's list) dark as well.
 */
export const DARK_PAGE_CSS = [
  "/* Dark mode: the page behind the app, and the browser's own controls, are dark too. */",
  '@layer base {',
  '  html {',
  '    color-scheme: dark;',
  '    @apply bg-slate-950 text-slate-50;',
  '  }',
  '}',
].join('\n');

/**
 * The stylesheet with the dark page block added (to the template's stylesheet when the version has
 * none of its own), or taken out for light mode; undefined when there is nothing to change, and for
 * HTML, whose <body> classes and data-theme already colour the page.
 */
export function pageStylesheetChange(
  project: ProjectFiles,
  mode: 'dark' | 'light',
): { name: string; content: string } | undefined {
  if (project.framework === 'html') return undefined;
  const name = STYLESHEET_FILE[project.framework];
  const current = project.get(name);
  if (mode === 'dark') {
    const base = current ?? templateStylesheet(project.framework);
    if (base.includes(DARK_PAGE_CSS)) return undefined;
    return { name, content: `${base.trimEnd()}\n\n${DARK_PAGE_CSS}\n` };
  }
  const at = current?.indexOf(DARK_PAGE_CSS) ?? -1;
  if (current === undefined || at === -1) return undefined;
  const before = current.slice(0, at).trimEnd();
  const after = current.slice(at + DARK_PAGE_CSS.length).trim();
  return { name, content: [before, after].filter((part) => part !== '').join('\n\n') + '\n' };
}
