import { appendMarkup } from './regions.ts';
import type { ProjectFiles } from './project-files.ts';
import { additionTarget } from './targets.ts';

/**
 * Appends a snippet at the end of the page (the shell, or the first unlocked file with markup).
 * Returns the file it went to, or undefined when nothing could take it.
 */
export function addToPage(project: ProjectFiles, markup: string): string | undefined {
  const target = additionTarget(project);
  if (!target) return undefined;
  const next = appendMarkup(project.get(target.name) ?? '', target.dialect, target.name, markup);
  if (next === undefined || !project.set(target.name, next)) return undefined;
  return target.name;
}

export const LOCKED_EVERYWHERE =
  'Every file that could take this change is locked, so I left the project as it is.';
