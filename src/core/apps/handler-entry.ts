/**
 * The one web-standard handler of an SPA's backend (issue 22 item 2, docs/functions.md):
 * `api/index.ts` (or .mts, .js, .mjs) whose default export has `fetch(request, env)`.
 */
const ENTRIES = ['api/index.ts', 'api/index.mts', 'api/index.js', 'api/index.mjs'] as const;

export function handlerEntry(fileNames: Iterable<string>): string | null {
  const names = new Set(fileNames);
  return ENTRIES.find((entry) => names.has(entry)) ?? null;
}

/** Requests an SPA's handler answers: `/api` and everything under it; the rest is static. */
export function isHandlerPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}
