import { escapeText } from '../markup/dialect.ts';
import { appendMarkup, markupRegion } from './regions.ts';
import type { ProjectFiles } from './project-files.ts';
import { additionTarget, markupFiles, shellFile } from './targets.ts';

const HEADINGS = [/(<h1\b[^>]*>)([\s\S]*?)(<\/h1>)/, /(<h2\b[^>]*>)([\s\S]*?)(<\/h2>)/];

/** "change the title to X": the page's main heading (first <h1>, else <h2>) reads X. */
export function changeTitle(project: ProjectFiles, title: string): string {
  const shell = shellFile(project)?.name;
  // Components hold the headings; the shell only composes them, so look there last.
  const files = markupFiles(project).sort((a, b) => Number(a.name === shell) - Number(b.name === shell));
  let lockedHit: string | undefined;
  for (const pattern of HEADINGS) {
    for (const file of files) {
      const content = project.get(file.name) ?? '';
      const region = markupRegion(content, file.dialect, file.name);
      if (!region) continue;
      const inside = content.slice(region[0], region[1]);
      const match = pattern.exec(inside);
      if (!match) continue;
      if (project.isLocked(file.name)) {
        lockedHit ??= file.name;
        continue;
      }
      const at = region[0] + match.index;
      const [whole, open = '', , close = ''] = match;
      let next = `${content.slice(0, at)}${open}${escapeText(file.dialect, title)}${close}${content.slice(at + whole.length)}`;
      if (file.dialect === 'html')
        next = next.replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeText('html', title)}</title>`);
      project.set(file.name, next);
      return `Changed the heading in ${file.name} to “${title}”.`;
    }
  }
  if (lockedHit) return `The heading lives in ${lockedHit}, which is locked, so I left it unchanged.`;
  const target = additionTarget(project);
  if (!target) return 'I found no heading to rename and no unlocked file to add one to.';
  const next = appendMarkup(
    project.get(target.name) ?? '',
    target.dialect,
    target.name,
    `<h1 class="px-6 pt-10 text-center text-4xl font-bold text-gray-900">${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</h1>`,
  );
  if (next === undefined || !project.set(target.name, next)) return 'I found no heading to rename.';
  return `There was no heading yet, so I added “${title}” as one in ${target.name}.`;
}
