/**
 * What Kiln changes in a workspace — never in the version — so a real project builds as a
 * preview without network (issue 13, decision 0041): files rewritten, packages the rewrite needs,
 * and the output folder it implies.
 */
import { NEXT_FONT_MOCK_FILE, NEXT_FONT_MOCK_SOURCE } from './next-font-offline.ts';
import { angularJsonWithoutFontInlining } from './offline-steps.ts';
import { reactRouterServePackage } from './react-router-serve.ts';
import {
  SVELTEKIT_NODE_ADAPTER,
  SVELTEKIT_STATIC_ADAPTER,
  SVELTEKIT_STATIC_OUTPUT,
  hasSvelteKitServerCode,
  withSvelteKitAdapter,
} from './sveltekit-static.ts';

export interface BuildAdaptations {
  files: { name: string; content: string }[];
  devDependencies: Record<string, string>;
  outputDirs: string[];
}

const SVELTEKIT_CONFIG = /^(?:svelte|vite)\.config\.(?:js|mjs|cjs|ts|mts)$/;

/** `ranges`: what the project's package.json declares, name → range (dependencies and devDependencies). */
export function buildAdaptations(
  files: readonly { name: string; content: string }[],
  declared: ReadonlySet<string>,
  ranges: Readonly<Record<string, string>> = {},
): BuildAdaptations {
  const out: BuildAdaptations = { files: [], devDependencies: {}, outputDirs: [] };
  // A SvelteKit project with server code keeps a server (adapter-node); without, a static site.
  const kitAdapter = hasSvelteKitServerCode(files.map((file) => file.name)) ? 'node' : 'static';
  for (const file of files) {
    if (file.name === 'angular.json') {
      const offline = angularJsonWithoutFontInlining(file.content);
      if (offline) out.files.push({ name: file.name, content: offline });
    } else if (SVELTEKIT_CONFIG.test(file.name) && declared.has('@sveltejs/kit')) {
      const content = withSvelteKitAdapter(file.content, kitAdapter);
      if (!content) continue;
      out.files.push({ name: file.name, content });
      const adapter = kitAdapter === 'node' ? SVELTEKIT_NODE_ADAPTER : SVELTEKIT_STATIC_ADAPTER;
      if (!declared.has(adapter.name)) out.devDependencies[adapter.name] = adapter.range;
      // adapter-node's build/ is a server, not a site: the launch rule (server-launch/) finds it.
      if (kitAdapter === 'static' && !out.outputDirs.includes(SVELTEKIT_STATIC_OUTPUT)) {
        out.outputDirs.push(SVELTEKIT_STATIC_OUTPUT);
      }
    }
  }
  // React Router's and Remix's server builds run on their serve package (server-launch/react-router.ts).
  const serve = reactRouterServePackage(files, ranges);
  if (serve) out.devDependencies[serve.name] = serve.range;
  // next/font/google's fonts without network: Next's mock hook reads this module (next-font-offline.ts).
  if (declared.has('next')) out.files.push({ name: NEXT_FONT_MOCK_FILE, content: NEXT_FONT_MOCK_SOURCE });
  return out;
}
