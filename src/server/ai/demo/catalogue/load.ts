import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderMarkup } from '../markup/render.ts';
import type { CatalogueEntry, EntrySources } from './entry.ts';
import { staticSources } from './static-sources.ts';

/** What an entry's module declares; its text is read from `data/{id}/`. */
export type EntryDescription = Omit<CatalogueEntry, 'sources'>;

const DATA_DIR = path.join(import.meta.dirname, 'data');

function readData(id: string, file: string): string {
  return readFileSync(path.join(DATA_DIR, id, file), 'utf8');
}

/**
 * An interactive entry: its code written for each framework, one file per framework in
 * `data/{id}/` (the html page's markup and script, react.tsx, vue.vue, svelte.svelte,
 * angular.ts and angular.html), read once when the catalogue loads.
 */
export function interactiveEntry(entry: EntryDescription): CatalogueEntry {
  const markup = renderMarkup(readData(entry.id, 'html.html'), 'html', 3);
  const script = readData(entry.id, 'html.js');
  const react = readData(entry.id, 'react.tsx');
  const vue = readData(entry.id, 'vue.vue');
  const svelte = readData(entry.id, 'svelte.svelte');
  const angular = { ts: readData(entry.id, 'angular.ts'), template: readData(entry.id, 'angular.html') };
  return {
    ...entry,
    sources: (): EntrySources => ({ html: { markup, script }, react, vue, svelte, angular: { ...angular } }),
  };
}

/**
 * A static entry: one piece of Tailwind markup, `data/{id}/markup.html`, wrapped as a
 * component in each framework (static-sources.ts).
 */
export function staticEntry(entry: EntryDescription): CatalogueEntry {
  const markup = readData(entry.id, 'markup.html');
  return { ...entry, sources: () => staticSources(entry.componentName, markup) };
}
