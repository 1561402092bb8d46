import { Hono } from 'hono';
import { parseVersionNumber } from '../../../core/chats/index.ts';
import { decide } from '../../../core/permissions/index.ts';
import type { Framework } from '../../../core/frameworks/index.ts';
import { sessionMiddleware } from '../../auth/session.ts';
import type { Database } from '../../db/client.ts';
import type { Services } from '../../http/context.ts';
import type { AppEnv } from '../../http/viewer.ts';
import type { ProjectFile } from '../content-hash.ts';
import { loadPreviewVersion, projectFiles } from '../versions.ts';
import { rewriteCdnReferences, vendorFile, VENDOR_PREFIX } from './cdn-map.ts';
import { contentTypeOf } from './content-types.ts';
import { PLACEHOLDER_SVG } from './pages.ts';

export interface ContentRouteDeps {
  services: Services;
  db: Database;
  templateFiles: (framework: Framework) => Promise<ProjectFile[]>;
}

/**
 * The HTML preview (spec §2): `/content/{chatId}/{version}[/path]` serves the version's files
 * straight from its snapshot, CDN references mapped to Kiln's copies. Served on the app's
 * origin, so every response carries a CSP `sandbox`: the page runs in an opaque origin and
 * cannot use the viewer's session, even when opened in its own tab.
 */
export function contentRoutes(deps: ContentRouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/placeholder.svg', (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(PLACEHOLDER_SVG, 200, { 'content-type': 'image/svg+xml' });
  });

  // Loaded by HTML versions, which run in an opaque origin (sandboxed frame or CSP sandbox):
  // without CORP cross-origin the browser refuses them and every HTML preview is unstyled.
  // Public, credential-free copies of npm packages, so any origin may read them.
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

    const prefix = `/content/${chatId}/${number}`;
    const pathname = new URL(c.req.url).pathname;
    // The path after /content/{chatId}/{version}/, taken from the raw segments.
    const rest = decodePath(pathname.split('/').slice(4).join('/'))?.replace(/^\/+/, '');
    if (rest === undefined) return c.text('Not found', 404);
    const files = projectFiles(version, version.framework === 'html' ? await deps.templateFiles('html') : []);
    const file = findFile(files, rest);
    if (!file) return c.text('Not found', 404);

    c.header(
      'Content-Security-Policy',
      "sandbox allow-scripts allow-forms allow-popups allow-modals allow-downloads; frame-ancestors 'self'",
    );
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-cache');
    const type = contentTypeOf(file.name);
    if (!type.startsWith('text/html')) return c.body(file.content, 200, { 'content-type': type });
    let html = rewriteCdnReferences(file.content);
    // Without a trailing slash the browser would resolve relative links one folder too high.
    if (rest === '' && !pathname.endsWith('/')) html = injectBase(html, `${prefix}/`);
    return c.body(html, 200, { 'content-type': type });
  });
  // Anything else under /content (no version, no chat) is no page either, not the web app.
  content.all('*', (c) => c.text('Not found', 404));
  app.route('/content', content);
  return app;
}

/** A URL path decoded, or undefined when it holds a malformed percent-escape (`%E0%A4%A`). */
function decodePath(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function findFile(files: readonly ProjectFile[], rest: string): ProjectFile | undefined {
  const byName = new Map(files.map((file) => [file.name.replace(/^\.\//, ''), file]));
  const candidates =
    rest === '' ? ['index.html'] : [rest, `${rest}.html`, `${rest.replace(/\/$/, '')}/index.html`];
  for (const name of candidates) {
    const file = byName.get(name);
    if (file) return file;
  }
  return undefined;
}

function injectBase(html: string, href: string): string {
  if (/<base\s/i.test(html)) return html;
  const tag = `<base href="${href}">`;
  if (/<head[^>]*>/i.test(html)) return html.replace(/<head[^>]*>/i, (head) => `${head}${tag}`);
  return tag + html;
}
