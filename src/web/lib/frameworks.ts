/** The output frameworks of spec §9, in the order the product lists them. */
export const FRAMEWORKS = ['html', 'react', 'svelte', 'vue', 'angular'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

export const FRAMEWORK_LABELS: Readonly<Record<Framework, string>> = {
  html: 'HTML',
  react: 'React',
  svelte: 'Svelte',
  vue: 'Vue',
  angular: 'Angular',
};

/** Each framework's own colour, used for the small dot on badges. */
export const FRAMEWORK_DOT_CLASSES: Readonly<Record<Framework, string>> = {
  html: 'bg-orange-500',
  react: 'bg-sky-500',
  svelte: 'bg-[#ff3e00]',
  vue: 'bg-emerald-500',
  angular: 'bg-rose-600',
};
