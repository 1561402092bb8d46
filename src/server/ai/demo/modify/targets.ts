import { dialectOfFile, type Dialect } from '../markup/dialect.ts';
import { markupRegion } from './regions.ts';
import type { ProjectFiles } from './project-files.ts';

export interface MarkupFile {
  name: string;
  dialect: Dialect;
}

/** Where each framework's app shell usually lives, most likely first. */
const SHELL_CANDIDATES: Record<string, readonly string[]> = {
  html: ['index.html', 'public/index.html'],
  react: ['src/App.tsx', 'src/App.jsx', 'App.tsx', 'App.jsx', 'src/app.tsx'],
  vue: ['src/App.vue', 'App.vue'],
  svelte: ['src/App.svelte', 'App.svelte', 'src/routes/+page.svelte'],
  angular: ['src/app/app.html', 'src/app/app.component.html', 'src/app/app.ts', 'src/app/app.component.ts'],
};

/** Files whose markup the demo can edit, in snapshot order. */
export function markupFiles(project: ProjectFiles): MarkupFile[] {
  const files: MarkupFile[] = [];
  for (const name of project.names()) {
    const dialect = dialectOfFile(name, project.framework);
    const content = project.get(name) ?? '';
    if (dialect && markupRegion(content, dialect, name)) files.push({ name, dialect });
  }
  return files;
}

/** The app shell: the page-level file additions go to. */
export function shellFile(project: ProjectFiles): MarkupFile | undefined {
  const all = markupFiles(project);
  const byName = new Map(all.map((file) => [file.name, file]));
  for (const name of SHELL_CANDIDATES[project.framework] ?? []) {
    const file = byName.get(name);
    if (file) return file;
  }
  if (project.framework === 'html') return all.find((file) => file.dialect === 'html');
  return undefined;
}

/**
 * Where to add page-level markup: the shell when it is not locked, else the first unlocked
 * file with markup. Undefined when every candidate is locked (or there is no markup at all).
 */
export function additionTarget(project: ProjectFiles): MarkupFile | undefined {
  const shell = shellFile(project);
  if (shell && !project.isLocked(shell.name)) return shell;
  return markupFiles(project).find((file) => !project.isLocked(file.name));
}
