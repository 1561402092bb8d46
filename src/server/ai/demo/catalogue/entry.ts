/**
 * A catalogue entry: one component available in every framework. Its text lives in data files,
 * `data/{id}/` (load.ts): static entries author their Tailwind markup once (static-sources.ts),
 * interactive ones write each framework's code.
 */
export interface EntrySources {
  /** Markup for the page's <main> (already in the html dialect) and an optional inline script. */
  html: { markup: string; script?: string };
  /** `src/components/{Name}.tsx` with a default export. */
  react: string;
  /** `src/components/{Name}.vue`. */
  vue: string;
  /** `src/lib/{Name}.svelte` (Svelte 5). */
  svelte: string;
  /** `src/app/{kebab}/{kebab}.ts` (standalone, signals) and its `templateUrl` template. */
  angular: { ts: string; template: string };
}

/** A prompt phrase and how strongly it points at the entry. */
export type Keyword = readonly [phrase: string, weight: number];

export interface CatalogueEntry {
  id: string;
  /** The artifact title. */
  title: string;
  /** PascalCase component / class name. */
  componentName: string;
  keywords: readonly Keyword[];
  /** Completes "I'll build …" in the thinking block. */
  summary: string;
  /** Where a follow-up that adds this entry to an existing page puts it. */
  placement: 'top' | 'bottom';
  sources(): EntrySources;
}

export function kebabCase(pascal: string): string {
  return pascal.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}
