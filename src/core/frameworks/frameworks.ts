/** Spec §9: output frameworks; 'react' is the default. */
export const FRAMEWORKS = ['html', 'react', 'svelte', 'vue', 'angular'] as const;
export type Framework = (typeof FRAMEWORKS)[number];
export const DEFAULT_FRAMEWORK: Framework = 'react';

export const FRAMEWORK_LABELS: Record<Framework, string> = {
  html: 'HTML',
  react: 'React',
  svelte: 'Svelte',
  vue: 'Vue',
  angular: 'Angular',
};

export function isFramework(value: unknown): value is Framework {
  return typeof value === 'string' && (FRAMEWORKS as readonly string[]).includes(value);
}

/** Spec §9: each framework has a blank template titled 'Blank {Framework} App'. */
export function blankTemplateTitle(framework: Framework): string {
  return `Blank ${FRAMEWORK_LABELS[framework]} App`;
}
