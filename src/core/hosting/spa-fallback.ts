/**
 * The page a static site answers for a path that names no file, so client-side routes work
 * (previews and deployments alike): React Router's `__spa-fallback.html` when the build wrote one
 * (issue 37: `ssr: false` with `/` prerendered, where index.html is the home page's own HTML and
 * would hydrate the wrong route), else index.html.
 */
export const SPA_FALLBACK_PAGES: readonly string[] = ['__spa-fallback.html', 'index.html'];
