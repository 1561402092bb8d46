/**
 * The clone progress panel (spec §2, §9): the analysis steps and their percentages, the texts
 * the panel shows, and the ticks that move the bar between two reported steps.
 */
export const CLONE_STEPS = [
  { id: 'initializing', label: 'Initializing scraper', percent: 0 },
  { id: 'loading', label: 'Loading page', percent: 20 },
  { id: 'extracting', label: 'Extracting content', percent: 40 },
  { id: 'design', label: 'Capturing design', percent: 60 },
  { id: 'screenshot', label: 'Taking screenshot', percent: 80 },
  { id: 'finalizing', label: 'Finalizing', percent: 95 },
] as const;

export type CloneStepId = (typeof CLONE_STEPS)[number]['id'];

export const CLONE_TEXTS = {
  wait: 'This may take a while',
  visualReference: 'Visual Reference Captured',
  failed: 'Failed to analyze website',
  overlay: 'Component generated from this URL',
} as const;

export function isCloneStep(value: unknown): value is CloneStepId {
  return CLONE_STEPS.some((step) => step.id === value);
}

export function cloneStep(id: CloneStepId) {
  return CLONE_STEPS.find((step) => step.id === id)!;
}

/** Shown when the browser failed and the plain fetch takes over. */
export function fallbackNotice(reason: string): string {
  return `Analysis encountered an issue: ${reason} Using fallback analysis methods instead.`;
}

/**
 * Spec §9: between reports the bar ticks on its own, every 1.2 s up to 85 % and then every
 * 0.8 s up to 95 %, never past the next step's percentage.
 */
export const CLONE_TICKS = [
  { everyMs: 1200, capPercent: 85 },
  { everyMs: 800, capPercent: 95 },
] as const;

/** The percentage after one tick from `percent`, given the reported step. */
export function tickPercent(percent: number, step: CloneStepId): number {
  const index = CLONE_STEPS.findIndex((candidate) => candidate.id === step);
  const next = CLONE_STEPS[index + 1]?.percent ?? 95;
  const cap = Math.min(next - 1, percent < 85 ? 85 : 95);
  return Math.max(percent, Math.min(cap, percent + 1));
}

/** The tick interval at this percentage. */
export function tickInterval(percent: number): number {
  return percent < CLONE_TICKS[0].capPercent ? CLONE_TICKS[0].everyMs : CLONE_TICKS[1].everyMs;
}
