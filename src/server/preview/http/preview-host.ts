import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { parseVersionNumber } from '../../../core/chats/index.ts';
import type { Database } from '../../db/client.ts';
import { PREVIEW_TOKEN_TTL_MS, TOKEN_COOKIE, verifyPreviewToken } from '../preview-token.ts';
import type { PreviewService } from '../service.ts';
import { loadPreviewAccess, loadPreviewVersion, type PreviewAccess } from '../versions.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { Realtime } from '../../realtime/events.ts';
import { PreviewAccessCache } from './access-cache.ts';
import { serveHtmlVersion, type HtmlVersionDeps } from './html-version.ts';
import {
  appServerErrorPage,
  buildErrorPage,
  buildingPage,
  notFoundPage,
  startingPage,
  tokenLimitPage,
} from './pages.ts';
import { existsSync } from 'node:fs';
import { APP_FOLDER } from '../../../core/apps/index.ts';
import { appManifestOf, type AppManifest } from '../../app-servers/app-manifest.ts';
import { appResponse, coldStartWaitMs, isPageLoad } from '../../app-servers/app-response.ts';
import { isServerRequest, previewAppKey, type AppRouting } from '../../app-servers/app-routing.ts';
import { withFrameScripts } from './frame-scripts.ts';
import { readOutputFile } from './serve-output.ts';
import { readOutputFile as readStoredFile } from '../../seam/sandbox-files.ts';

export interface PreviewHostDeps {
  db: Database;
  preview: PreviewService;
  /** The app's origin: the only page allowed to frame a preview. */
  appOrigin: string;
  /** HTML versions are served from their snapshot (decision 0038). */
  html: HtmlVersionDeps;
  /** App servers (decision 0054): a version's `api/` handler or its own server. */
  apps?: AppRouting;
  /** The client's address (X-Forwarded-For for the app server). */
  addressOf?: (c: Context) => string | undefined;
  /** Chat events forget remembered access at once (access-cache.ts); without it, none is remembered. */
  realtime?: Realtime;
}

const OUTPUT_MEMORY_MS = 2000;
const STEP_LABELS: Record<string, string> = {
  idle: 'Waiting for the version to finish',
  initializing: 'Preparing the project',
  processing: 'Installing dependencies',
  starting: 'Building',
};

/**
 * `{chatId}-{version}.preview.{host}` or `.webcontainer.{host}` → its parts, else null. The
 * version is null when the digits name no version (out of range, core rule): still a preview
 * host, so it answers 404 rather than the app.
 */
export function parsePreviewHost(
  hostHeader: string | undefined,
  suffixes: { preview: string; webcontainer: string },
): { chatId: string; version: number | null } | null {
  if (!hostHeader) return null;
  const host = hostHeader.toLowerCase().replace(/:\d+$/, '');
  for (const suffix of [suffixes.preview, suffixes.webcontainer]) {
    if (!host.endsWith(suffix)) continue;
    const match = /^(.+)-(\d+)$/.exec(host.slice(0, -suffix.length));
    if (match) return { chatId: match[1]!, version: parseVersionNumber(match[2]) };
  }
  return null;
}

/**
 * Host-based routing for previews (decision 0034): runs before the API and the web app, and
 * answers every request whose Host is a preview host with the version's built output, or an
 * HTML version's own files (decision 0038).
 */
export function previewHostMiddleware(deps: PreviewHostDeps): MiddlewareHandler {
  // Where each version's built output is, for a moment: finding it parses and hashes the snapshot.
  const outputs = new TtlCache<string, string>(OUTPUT_MEMORY_MS, 10_000);
  const access = deps.realtime ? new PreviewAccessCache(deps.realtime) : null;
  const accessOf = (chatId: string, version: number) =>
    access
      ? access.get(chatId, version, () => loadPreviewAccess(deps.db, chatId, version))
      : loadPreviewAccess(deps.db, chatId, version);
  return async (c, next) => {
    const target = parsePreviewHost(c.req.header('host'), deps.preview.hostSuffixes);
    if (!target) return next();
    if (target.version === null) {
      securityHeaders(c, deps.appOrigin);
      return c.html(notFoundPage(), 404);
    }
    const { chatId, version } = target;
    return servePreview(c, deps, outputs, await accessOf(chatId, version), { chatId, version });
  };
}

function securityHeaders(c: Context, appOrigin: string): void {
  // Only Kiln's editor may frame a preview; the preview itself never sees the app's cookies
  // (another origin), and nothing it serves is sniffed into another type.
  c.header('Content-Security-Policy', `frame-ancestors 'self' ${appOrigin}`);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
}

/**
 * The token cookie must reach a preview the editor frames, which is another *site* than the app
 * on `*.localhost` or under KILN_PREVIEW_HOST: there a SameSite=Lax cookie is never sent.
 * Where the browser takes a Secure cookie (https, or http on localhost), it is SameSite=None and
 * Partitioned (CHIPS), so it is kept with third-party cookies blocked, and only for pages framed
 * by this top-level site; elsewhere (plain http on a name the app shares) Lax, which that
 * same-site frame sends.
 */
function tokenCookieOptions(c: Context, appOrigin: string) {
  const hostname = (c.req.header('host') ?? '').toLowerCase().replace(/:\d+$/, '');
  const isSecure =
    appOrigin.startsWith('https:') || hostname === 'localhost' || hostname.endsWith('.localhost');
  const base = { path: '/', httpOnly: true, maxAge: Math.floor(PREVIEW_TOKEN_TTL_MS / 1000) };
  return isSecure
    ? { ...base, sameSite: 'None' as const, secure: true, partitioned: true }
    : { ...base, sameSite: 'Lax' as const };
}

/**
 * The version's built output folder: remembered per message for OUTPUT_MEMORY_MS (a build's
 * output never changes; a new one after an integration change is seen within that time).
 */
async function outputOf(
  deps: PreviewHostDeps,
  outputs: TtlCache<string, string>,
  access: PreviewAccess,
): Promise<string | null> {
  const now = Date.now();
  const known = outputs.get(access.messageId, now);
  if (known && existsSync(known)) return known;
  const version = await loadPreviewVersion(deps.db, access.chatId, access.version);
  const dir = version ? await deps.preview.outputDirOf(version) : null;
  if (dir) outputs.set(access.messageId, dir, now);
  return dir;
}

async function servePreview(
  c: Context,
  deps: PreviewHostDeps,
  outputs: TtlCache<string, string>,
  version: PreviewAccess | null,
  { chatId, version: number }: { chatId: string; version: number },
): Promise<Response> {
  securityHeaders(c, deps.appOrigin);
  if (!version) return c.html(notFoundPage(), 404);

  if (version.isPrivate) {
    const fromQuery = c.req.query('token');
    // A token for this version, given since the chat's visibility last changed: the epoch is read
    // with the version (remembered until the chat's next event, access-cache.ts), so a revocation
    // holds at once in this process and within the LISTEN/NOTIFY round trip in the others.
    const scope = { chatId, version: number, epoch: version.previewTokenEpoch };
    const opens = (token: string) => verifyPreviewToken(deps.preview.secret, scope, token);
    if (fromQuery && opens(fromQuery)) {
      setCookie(c, TOKEN_COOKIE, fromQuery, tokenCookieOptions(c, deps.appOrigin));
      // Drop the token from the address so it never travels in a Referer.
      const url = new URL(c.req.url);
      url.searchParams.delete('token');
      return c.redirect(url.pathname + url.search, 302);
    }
    const fromCookie = getCookie(c, TOKEN_COOKIE);
    if (!fromCookie || !opens(fromCookie)) {
      return c.html(notFoundPage(), 404);
    }
  }

  if (version.framework === 'html') {
    const full = await loadPreviewVersion(deps.db, chatId, number);
    if (!full) return c.html(notFoundPage(), 404);
    // Its own origin: no sandbox, so storage, IndexedDB and module scripts work (decision 0038).
    const served = await serveHtmlVersion(full, new URL(c.req.url).pathname, deps.html, deps.appOrigin);
    return c.body(served.body as string | Uint8Array<ArrayBuffer>, served.status, served.headers);
  }
  c.header('Cache-Control', 'no-store');
  if (version.finishReason === 'length') return c.html(tokenLimitPage(), 200);

  const outputDir = version.finishReason === null ? null : await outputOf(deps, outputs, version);
  if (outputDir && deps.apps) {
    const manifest = await appManifestOf(outputDir);
    if (isServerRequest(manifest, new URL(c.req.url).pathname)) {
      return serveFromApp(c, deps, deps.apps, { chatId, version: number, outputDir, manifest });
    }
  }
  if (outputDir) {
    const file = await readOutputFile(outputDir, new URL(c.req.url).pathname);
    if (!file) return c.text('Not found', 404);
    if (file.headers['content-type']?.startsWith('text/html')) {
      // The same frame scripts as HTML versions: storage where a framed page is denied it.
      const html = withFrameScripts(Buffer.from(file.body).toString('utf8'), deps.appOrigin);
      return c.body(html, 200, file.headers);
    }
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, file.headers);
  }

  // getState queues what is missing: a finished version never built, or an evicted output.
  const state = await deps.preview.getState(chatId, number);
  if (state.status === 'error' && state.error) {
    return c.html(buildErrorPage(state.error.title, state.error.description, state.error.content), 200);
  }
  return c.html(buildingPage(STEP_LABELS[state.status] ?? 'Building'), 202);
}

/** A request for the version's app server: the building page says 'Starting' on a cold start. */
async function serveFromApp(
  c: Context,
  deps: PreviewHostDeps,
  apps: AppRouting,
  built: { chatId: string; version: number; outputDir: string; manifest: AppManifest },
): Promise<Response> {
  const isPage = isPageLoad(c.req.method, c.req.raw.headers);
  const answer = await apps.forward(
    {
      chatId: built.chatId,
      version: built.version,
      deployed: false,
      key: previewAppKey(built.chatId, built.version, built.outputDir),
      manifest: built.manifest,
      hosts: [deps.preview.hostSuffixes.preview, deps.preview.hostSuffixes.webcontainer],
      // Kiln's copy of the output, read like any of its files: no link followed (the seam).
      readAppFile: (name) => readStoredFile(built.outputDir, `${APP_FOLDER}/${name}`),
    },
    c.req.raw,
    {
      clientAddress: deps.addressOf?.(c),
      waitMs: coldStartWaitMs(isPage, c.req.raw.headers),
      identityEncoding: true,
    },
  );
  return appResponse(answer, {
    headers: {
      'Content-Security-Policy': `frame-ancestors 'self' ${deps.appOrigin}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
    rewriteHtml: (html) => withFrameScripts(html, deps.appOrigin),
    startingPage,
    errorPage: appServerErrorPage,
    isPage,
  });
}
