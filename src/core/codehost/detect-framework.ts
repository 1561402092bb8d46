import type { Framework } from '../frameworks/index.ts';

/**
 * The framework of an imported project (issue 15 item 6), from its package.json's dependencies:
 * Angular, Svelte, Vue or React (checked in that order: an Angular or Svelte project may also
 * list React for a widget, never the other way round); a project without one is HTML.
 */
export function detectFramework(files: readonly { path: string; content: string }[]): Framework {
  const manifest = files.find((file) => file.path === 'package.json');
  if (!manifest) return 'html';
  let names: string[] = [];
  try {
    const parsed = JSON.parse(manifest.content) as Record<string, unknown>;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
      const deps = parsed[field];
      if (deps && typeof deps === 'object') names = names.concat(Object.keys(deps));
    }
  } catch {
    return 'html';
  }
  const has = (name: string) => names.includes(name);
  if (has('@angular/core')) return 'angular';
  if (has('svelte') || has('@sveltejs/kit')) return 'svelte';
  if (has('vue') || has('nuxt')) return 'vue';
  if (has('react') || has('next') || has('react-dom')) return 'react';
  return 'html';
}
