import { appManifestOf } from '../../app-servers/app-manifest.ts';
import { previewAppKey, type AppRouting } from '../../app-servers/app-routing.ts';
import { Hono, type Context } from 'hono';
import { decide, type Capability, type Decision } from '../../../core/permissions/index.ts';
import type { Database } from '../../db/client.ts';
import type { AppEnv, RequestViewer } from '../../http/viewer.ts';
import { rateLimited, type Limiter } from '../../limits/index.ts';
import { apiError, denied } from '../../http/errors.ts';
import { requireVersionNumber } from '../../http/validate.ts';
import type { PreviewService } from '../service.ts';
import { readStackRequest } from '../stack-request.ts';
import { mapVersionStack } from '../stack-map.ts';
import { loadPreviewVersion, type PreviewVersion } from '../versions.ts';

/**
 * `GET  /api/chats/:chatId/preview/:version` → `{ status, error?, url, previewId }`; the url of
 *       a private chat carries a short-lived token (the preview origin has no session cookie).
 * `POST /api/chats/:chatId/preview/:version/rebuild` → queues a forced rebuild (authorized).
 * `GET  /api/chats/:chatId/preview/:version/server` → `{ kind, state, lines, lastError? }`: the
 *       version's app server (issue 22 item 5; kind null when it has none) and its last log lines
 *       (viewPrivateTabs: the owner's Logs view).
 * `POST /api/chats/:chatId/preview/:version/server/restart` → stops it; the next request starts
 *       it again (edit).
 * `POST /api/chats/:chatId/preview/:version/stack` `{ frames: [{ url, line, column, name }] }` →
 *       `{ frames: [{ file, line, column, name } | null] }`: a runtime error's stack mapped to the
 *       generated sources by the preview build's source maps (issue 19 item 4; view).
 */
export function previewApiRoutes(deps: {
  db: Database;
  preview: PreviewService;
  limits: Limiter;
  apps?: AppRouting;
}) {
  const app = new Hono<AppEnv>();

  async function load(viewer: RequestViewer, chatId: string, raw: string, capability: Capability) {
    const version = await loadPreviewVersion(deps.db, chatId, requireVersionNumber(raw));
    if (!version) return { ok: false as const, decision: undefined };
    const decision = decide(
      capability,
      { userId: viewer.user?.id ?? null, isPremium: viewer.isPremium },
      { userId: version.ownerId, isPrivate: version.isPrivate },
    );
    return decision.allowed ? { ok: true as const, version } : { ok: false as const, decision };
  }

  function refuse(c: Context, decision: Extract<Decision, { allowed: false }> | undefined) {
    return decision ? denied(c, decision) : apiError(c, 404, 'not-found', 'Version not found');
  }

  const urlFor = (version: PreviewVersion) =>
    version.isPrivate
      ? deps.preview.tokenUrl(version)
      : deps.preview.previewUrl(version.chatId, version.version);

  app.get('/:chatId/preview/:version', async (c) => {
    const found = await load(c.var.viewer, c.req.param('chatId'), c.req.param('version'), 'view');
    if (!found.ok) return refuse(c, found.decision);
    const { version } = found;
    const state = await deps.preview.getState(version.chatId, version.version);
    return c.json({ ...state, url: urlFor(version), previewId: `${version.chatId}-${version.version}` });
  });

  // Rebuilds count against the `build` windows and the owner's share of the queue (issue 21 item 2).
  app.post('/:chatId/preview/:version/rebuild', rateLimited(deps.limits, 'build'), async (c) => {
    const found = await load(c.var.viewer, c.req.param('chatId'), c.req.param('version'), 'edit');
    if (!found.ok) return refuse(c, found.decision);
    const { chatId, version } = found.version;
    await deps.preview.requestBuild(chatId, version, { force: true, isAsked: true });
    return c.json(await deps.preview.getState(chatId, version), 202);
  });

  /** The preview build's app server: its key and kind, or null when the version has none. */
  async function serverOf(version: PreviewVersion) {
    const outputDir = await deps.preview.outputDirOf(version);
    const manifest = outputDir ? await appManifestOf(outputDir) : null;
    if (!outputDir || !manifest) return null;
    return { key: previewAppKey(version.chatId, version.version, outputDir), kind: manifest.kind };
  }

  app.get('/:chatId/preview/:version/server', async (c) => {
    const found = await load(c.var.viewer, c.req.param('chatId'), c.req.param('version'), 'viewPrivateTabs');
    if (!found.ok) return refuse(c, found.decision);
    const server = deps.apps ? await serverOf(found.version) : null;
    if (!server || !deps.apps) return c.json({ kind: null, state: 'stopped', lines: [] });
    return c.json({ kind: server.kind, ...deps.apps.logs(server.key) });
  });

  app.post('/:chatId/preview/:version/server/restart', async (c) => {
    const found = await load(c.var.viewer, c.req.param('chatId'), c.req.param('version'), 'edit');
    if (!found.ok) return refuse(c, found.decision);
    const server = deps.apps ? await serverOf(found.version) : null;
    if (!server || !deps.apps) return c.json({ kind: null, state: 'stopped', lines: [] });
    await deps.apps.stop(server.key);
    return c.json({ kind: server.kind, ...deps.apps.logs(server.key) });
  });

  app.post('/:chatId/preview/:version/stack', async (c) => {
    const found = await load(c.var.viewer, c.req.param('chatId'), c.req.param('version'), 'view');
    if (!found.ok) return refuse(c, found.decision);
    const frames = readStackRequest(await c.req.json().catch(() => null));
    if (!frames) return apiError(c, 400, 'invalid-request', 'Expected { frames: [{ url, line, column }] }');
    return c.json({ frames: await mapVersionStack(deps.preview, found.version, frames) });
  });

  return app;
}
