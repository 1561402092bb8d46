import { Hono } from 'hono';
import { parseVersionNumber } from '../../../core/chats/index.ts';
import { decide } from '../../../core/permissions/index.ts';
import { sessionMiddleware } from '../../auth/session.ts';
import type { Database } from '../../db/client.ts';
import type { Services } from '../../http/context.ts';
import type { AppEnv } from '../../http/viewer.ts';
import { createPreviewToken } from '../preview-token.ts';
import { loadPreviewVersion } from '../versions.ts';
import { vendorFile, VENDOR_PREFIX } from './cdn-map.ts';
import { decodePath } from './html-version.ts';
import { PLACEHOLDER_SVG } from './pages.ts';

export interface ContentRouteDeps {
  services: Services;
  db: Database;
}

/**
 * The HTML preview's address (spec §2): `/content/{chatId}/{version}[/path]` answers with a
 * redirect to the version's preview host (decision 0038), the same path and query, where the
 * page runs in an origin of its own. The app's origin never serves a generated page. A viewer
 * who may see a private chat gets a fresh token in the address (the preview host makes it a
 * cookie); anyone else gets the same 404 as for a chat that does not exist.
 */
export function contentRoutes(deps: ContentRouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/placeholder.svg', (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(PLACEHOLDER_SVG, 200, { 'content-type': 'image/svg+xml' });
  });

  // Loaded by the editor's in-page frame of a streaming HTML version (an opaque origin): without
  // CORP cross-origin the browser refuses them and the page is unstyled. Public, credential-free
  // copies of npm packages, so any origin may read them.
  app.get(`${VENDOR_PREFIX}:name`, (c) => {
    const file = vendorFile(c.req.param('name'));
    if (!file) return c.text('Not found', 404);
    return c.body(file.body, 200, {
      'content-type': file.type,
      'cache-control': 'public, max-age=86400',
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    });
  });

  const content = new Hono<AppEnv>();
  content.use('*', sessionMiddleware(deps.services));
  content.get('/:chatId/:version/*', async (c) => {
    const chatId = c.req.param('chatId');
    const number = parseVersionNumber(c.req.param('version'));
    // A page, not an API: a malformed version is simply no such page.
    if (number === null) return c.text('Not found', 404);
    const version = await loadPreviewVersion(deps.db, chatId, number);
    const viewer = c.var.viewer;
    const allowed =
      version &&
      decide(
        'view',
        { userId: viewer.user?.id ?? null, isPremium: viewer.isPremium },
        { userId: version.ownerId, isPrivate: version.isPrivate },
      ).allowed;
    if (!version || !allowed) return c.text('Not found', 404);

    const url = new URL(c.req.url);
    // The path after /content/{chatId}/{version}/, as sent (still percent-encoded).
    const rest = url.pathname.split('/').slice(4).join('/');
    if (decodePath(rest) === undefined) return c.text('Not found', 404);
    const target = new URL(deps.services.preview.previewUrl(chatId, number));
    target.pathname = `/${rest.replace(/^\/+/, '')}`;
    target.search = url.search;
    if (version.isPrivate) {
      target.searchParams.set(
        'token',
        createPreviewToken(deps.services.preview.secret, {
          chatId,
          version: number,
          epoch: version.previewTokenEpoch,
        }),
      );
    }
    c.header('Cache-Control', 'no-store');
    return c.redirect(target.href, 302);
  });
  // Anything else under /content (no version, no chat) is no page either, not the web app.
  content.all('*', (c) => c.text('Not found', 404));
  app.route('/content', content);
  return app;
}
