import { countColourFamilies, NEUTRAL_COLOURS } from './class-tokens.ts';
import type { ProjectFiles } from './project-files.ts';
import { markupFiles } from './targets.ts';

export const DEFAULT_ACCENT = 'indigo';

/** The page's accent: the colour family its markup uses most, neutrals aside. */
export function dominantAccent(project: ProjectFiles): string {
  const totals = new Map<string, number>();
  for (const file of markupFiles(project)) {
    for (const [family, count] of countColourFamilies(project.get(file.name) ?? '')) {
      if (!NEUTRAL_COLOURS.has(family)) totals.set(family, (totals.get(family) ?? 0) + count);
    }
  }
  let best = DEFAULT_ACCENT;
  let bestCount = 0;
  for (const [family, count] of totals) {
    if (count > bestCount) {
      best = family;
      bestCount = count;
    }
  }
  return best;
}
