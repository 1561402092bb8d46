/**
 * SvelteKit's default adapter (`adapter-auto`, what `npx sv create` writes) builds a server app
 * for a hosting platform it detects, and on no platform writes no site at all. Kiln swaps it for
 * the adapter that keeps the project faithful (issue 13, issue 22, decision 0054):
 * - no server code: `adapter-static` in SPA mode — every page rendered in the browser from one
 *   fallback `index.html`, served as static files;
 * - server code (`+page.server.*` loads and form actions, `+layout.server.*`, `+server.*`
 *   endpoints, `hooks.server.*`, `$lib/server/`): `adapter-node`, whose `build/` is a Node server
 *   (`node build`, reading PORT and HOST) that the app-server runtime starts — a static site
 *   would lose every load, action and endpoint.
 */

export const SVELTEKIT_STATIC_ADAPTER = { name: '@sveltejs/adapter-static', range: '^3.0.0' } as const;
/** adapter-node 5 is the line for SvelteKit 2 (6 asks for SvelteKit 3). */
export const SVELTEKIT_NODE_ADAPTER = { name: '@sveltejs/adapter-node', range: '^5.0.0' } as const;
/** Both adapters' default output folder. */
export const SVELTEKIT_STATIC_OUTPUT = 'build';

export type SvelteKitAdapter = 'static' | 'node';

/** Route and hook files that only run on a server (SvelteKit's own naming). */
const SERVER_FILE = /(?:^|\/)(?:\+(?:page|layout)\.server|\+server|hooks\.server)\.(?:[cm]?[jt]s)$/;
/** `$lib/server/`: modules SvelteKit refuses to import into browser code. */
const SERVER_LIB = /^src\/lib\/server\//;

/** Whether the project has code that must run on a server (its files' names, workspace-relative). */
export function hasSvelteKitServerCode(fileNames: Iterable<string>): boolean {
  for (const name of fileNames) {
    if (name.startsWith('node_modules/')) continue;
    if (SERVER_FILE.test(name) || SERVER_LIB.test(name)) return true;
  }
  return false;
}

const AUTO_IMPORT = /(['"])@sveltejs\/adapter-auto\1/g;

/**
 * The config with adapter-auto swapped for the chosen adapter (static: fallback page, not
 * strict; node: its defaults), or null when it does not use adapter-auto.
 */
export function withSvelteKitAdapter(source: string, adapter: SvelteKitAdapter): string | null {
  if (!AUTO_IMPORT.test(source)) return null;
  AUTO_IMPORT.lastIndex = 0;
  const name = adapter === 'node' ? SVELTEKIT_NODE_ADAPTER.name : SVELTEKIT_STATIC_ADAPTER.name;
  const swapped = source.replace(AUTO_IMPORT, `$1${name}$1`);
  if (adapter === 'node') return swapped;
  const local = /import\s+(\w+)\s+from\s+['"]@sveltejs\/adapter-auto['"]/.exec(source)?.[1] ?? 'adapter';
  return swapped.replace(
    new RegExp(`\\b${local}\\(\\s*\\)`, 'g'),
    `${local}({ fallback: 'index.html', strict: false })`,
  );
}

/** adapter-auto swapped for adapter-static with a fallback page (a project without server code). */
export function withStaticSvelteKitAdapter(source: string): string | null {
  return withSvelteKitAdapter(source, 'static');
}
