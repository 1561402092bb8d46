import { dominantAccent } from './accent.ts';
import { addEntry } from './add-entry.ts';
import { addToPage, LOCKED_EVERYWHERE } from './add-markup.ts';
import { changeColour } from './change-colour.ts';
import { changeTitle } from './change-title.ts';
import { applyTheme } from './daisy-theme.ts';
import { switchMode } from './dark-mode.ts';
import type { Change } from './plan.ts';
import type { ProjectFiles } from './project-files.ts';
import { buttonSnippet, genericSectionSnippet, noteSnippet, sectionSnippet } from './snippets.ts';

/** Additions first (they take the current accent), then the title, then colour and mode. */
const ORDER: Record<Change['kind'], number> = {
  entry: 0,
  section: 1,
  'generic-section': 2,
  button: 3,
  note: 4,
  title: 5,
  colour: 6,
  theme: 7,
  mode: 8,
};

function describe(file: string | undefined, what: string): string {
  return file === undefined ? LOCKED_EVERYWHERE : `Added ${what} to ${file}.`;
}

/** Applies the changes in place; one sentence per change says what happened. */
export function applyChanges(project: ProjectFiles, changes: readonly Change[]): string[] {
  const sorted = [...changes].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]);
  return sorted.map((change) => applyChange(project, change));
}

function applyChange(project: ProjectFiles, change: Change): string {
  switch (change.kind) {
    case 'entry':
      return addEntry(project, change.entry);
    case 'section':
      return describe(
        addToPage(project, sectionSnippet(change.section, dominantAccent(project))),
        change.section === 'faq' ? 'an FAQ section' : `a ${change.section} section`,
      );
    case 'generic-section':
      return describe(
        addToPage(project, genericSectionSnippet(change.title, dominantAccent(project))),
        `a “${change.title}” section`,
      );
    case 'button':
      return describe(
        addToPage(project, buttonSnippet(change.label, change.colour ?? dominantAccent(project))),
        `a “${change.label}” button`,
      );
    case 'note': {
      const request = change.request.length > 200 ? `${change.request.slice(0, 197)}…` : change.request;
      const file = addToPage(project, noteSnippet(request, dominantAccent(project)));
      return file === undefined
        ? LOCKED_EVERYWHERE
        : `The offline demo model doesn't know how to do that exactly, so I added a note quoting your request to ${file}.`;
    }
    case 'title':
      return changeTitle(project, change.text);
    case 'colour':
      return changeColour(project, change.colour);
    case 'theme':
      return applyTheme(project, change.theme);
    case 'mode':
      return switchMode(project, change.mode);
  }
}
