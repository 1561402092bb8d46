/**
 * What Kiln changes in a workspace — never in the version — so a real project builds as a
 * preview without network (issue 13, decision 0041): files rewritten, packages the rewrite needs,
 * and the output folder it implies.
 */
import { angularJsonWithoutFontInlining } from './offline-steps.ts';
import {
  SVELTEKIT_STATIC_ADAPTER,
  SVELTEKIT_STATIC_OUTPUT,
  withStaticSvelteKitAdapter,
} from './sveltekit-static.ts';

export interface BuildAdaptations {
  files: { name: string; content: string }[];
  devDependencies: Record<string, string>;
  outputDirs: string[];
}

const SVELTEKIT_CONFIG = /^(?:svelte|vite)\.config\.(?:js|mjs|cjs|ts|mts)$/;

export function buildAdaptations(
  files: readonly { name: string; content: string }[],
  declared: ReadonlySet<string>,
): BuildAdaptations {
  const out: BuildAdaptations = { files: [], devDependencies: {}, outputDirs: [] };
  for (const file of files) {
    if (file.name === 'angular.json') {
      const offline = angularJsonWithoutFontInlining(file.content);
      if (offline) out.files.push({ name: file.name, content: offline });
    } else if (SVELTEKIT_CONFIG.test(file.name) && declared.has('@sveltejs/kit')) {
      const content = withStaticSvelteKitAdapter(file.content);
      if (!content) continue;
      out.files.push({ name: file.name, content });
      if (!declared.has(SVELTEKIT_STATIC_ADAPTER.name)) {
        out.devDependencies[SVELTEKIT_STATIC_ADAPTER.name] = SVELTEKIT_STATIC_ADAPTER.range;
      }
      if (!out.outputDirs.includes(SVELTEKIT_STATIC_OUTPUT)) out.outputDirs.push(SVELTEKIT_STATIC_OUTPUT);
    }
  }
  return out;
}
