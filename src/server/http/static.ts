import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { SecureHeadersVariables } from 'hono/secure-headers';
import { SCRIPT_NONCE_META } from '../../core/http/script-nonce.ts';
import { PREVIEW_HOST_META, type PreviewHosts } from '../../core/preview/hosts.ts';

/**
 * Serves the built React app. Vite's hashed assets are cached for a year; anything else that is
 * not a file falls back to index.html so that client-side routes survive a reload.
 */
export function webAppRoutes(webRoot: string, previewHosts?: PreviewHosts) {
  const app = new Hono<{ Variables: SecureHeadersVariables }>();
  // The web app builds preview addresses from these (KILN_PREVIEW_HOST; preview-addresses.ts).
  const hostTags = previewHosts
    ? `<meta name="${PREVIEW_HOST_META.preview}" content="${previewHosts.preview}">` +
      `<meta name="${PREVIEW_HOST_META.webcontainer}" content="${previewHosts.webcontainer}">`
    : '';
  const root = path.relative(process.cwd(), webRoot) || '.';
  // Tests run the API without a built web app; the fallback below then explains what to do.
  if (fs.existsSync(webRoot)) {
    app.use(
      '/assets/*',
      async (c, next) => {
        await next();
        if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
      serveStatic({ root }),
    );
    const files = serveStatic({ root });
    // The home page goes through the fallback below, which adds the preview hosts to index.html.
    app.use('*', (c, next) => (c.req.path === '/' ? next() : files(c, next)));
  }
  // A missing file is a 404, not the app shell (a broken image or script would get HTML);
  // client-side routes never end in a file extension.
  app.get('*', (c, next) => (namesAFile(c.req.path) ? c.text('Not found', 404) : next()));
  app.get('*', (c) => {
    const indexPath = path.join(webRoot, 'index.html');
    if (!fs.existsSync(indexPath)) {
      return c.text('The web app is not built. Run `npm run build` (npm start does it for you).', 503);
    }
    c.header('Cache-Control', 'no-cache');
    // This response's CSP nonce (app-headers.ts), for the streaming preview's scripts.
    const nonce = c.get('secureHeadersNonce');
    const nonceTag = nonce ? `<meta name="${SCRIPT_NONCE_META}" content="${nonce}">` : '';
    return c.html(fs.readFileSync(indexPath, 'utf8').replace('</head>', `${hostTags}${nonceTag}</head>`));
  });
  return app;
}

/** Whether a path names a file (its last segment has an extension), other than the shell itself. */
function namesAFile(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]+$/.test(last) && pathname !== '/index.html';
}
