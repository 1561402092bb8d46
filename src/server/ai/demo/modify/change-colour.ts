import { swapColourFamily } from './class-tokens.ts';
import { dominantAccent } from './accent.ts';
import type { ProjectFiles } from './project-files.ts';
import { markupFiles } from './targets.ts';

/** "change the colour to green": the accent family becomes `colour` everywhere it is used. */
export function changeColour(project: ProjectFiles, colour: string): string {
  const accent = dominantAccent(project);
  if (accent === colour) return `The accent colour is already ${colour}, so I left it as it is.`;
  const changed: string[] = [];
  const locked: string[] = [];
  for (const file of markupFiles(project)) {
    const content = project.get(file.name) ?? '';
    const next = swapColourFamily(content, accent, colour);
    if (next === content) continue;
    if (project.set(file.name, next)) changed.push(file.name);
    else locked.push(file.name);
  }
  if (changed.length === 0) {
    return locked.length > 0
      ? `I couldn't change the colour: ${locked.join(', ')} ${locked.length === 1 ? 'is' : 'are'} locked.`
      : `I couldn't find any ${accent} colour classes to change.`;
  }
  const skipped = locked.length > 0 ? ` (${locked.join(', ')} stayed as ${accent} because locked)` : '';
  return `Switched the accent colour from ${accent} to ${colour}${skipped}.`;
}
