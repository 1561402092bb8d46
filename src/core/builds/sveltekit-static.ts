/**
 * SvelteKit's default adapter (`adapter-auto`, what `npx sv create` writes) builds a server app
 * for a hosting platform it detects, and on no platform writes no site at all. A preview is a
 * static site, so the build uses `adapter-static` in SPA mode instead (issue 13): every page is
 * rendered in the browser from one fallback `index.html`. Server-only code (`+page.server.ts`,
 * endpoints) needs an app server, which a static preview is not.
 */

export const SVELTEKIT_STATIC_ADAPTER = { name: '@sveltejs/adapter-static', range: '^3.0.0' } as const;
/** adapter-static's default output folder. */
export const SVELTEKIT_STATIC_OUTPUT = 'build';

const AUTO_IMPORT = /(['"])@sveltejs\/adapter-auto\1/g;

/**
 * The config with adapter-auto swapped for adapter-static (fallback page, not strict), or null
 * when it does not use adapter-auto.
 */
export function withStaticSvelteKitAdapter(source: string): string | null {
  if (!AUTO_IMPORT.test(source)) return null;
  AUTO_IMPORT.lastIndex = 0;
  const local = /import\s+(\w+)\s+from\s+['"]@sveltejs\/adapter-auto['"]/.exec(source)?.[1] ?? 'adapter';
  return source
    .replace(AUTO_IMPORT, `$1${SVELTEKIT_STATIC_ADAPTER.name}$1`)
    .replace(new RegExp(`\\b${local}\\(\\s*\\)`, 'g'), `${local}({ fallback: 'index.html', strict: false })`);
}
