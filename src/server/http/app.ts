import { adminRoutes } from '../admin/routes.ts';
import { adminCliRoutes } from '../admin/cli-route.ts';
import { Hono, type Context } from 'hono';
import { cloneRoutes } from '../clone/index.ts';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable.ts';
import { healthRoutes, readyRoutes } from '../health/routes.ts';
import { observeRequests } from '../observability/http.ts';
import { metricsRoutes } from '../observability/metrics-route.ts';
import { meRoutes, userRoutes } from '../users/routes.ts';
import { usageRoutes } from '../costs/routes.ts';
import { billingRoutes } from '../billing/routes.ts';
import { marketplaceRoutes } from '../marketplace/routes.ts';
import { chatInstructionsRoutes } from '../chats/instructions-routes.ts';
import { defaultInstructionsRoutes } from '../users/default-instructions.ts';
import { chatRoutes, messageRoutes } from '../chats/routes.ts';
import { textEditRoutes } from '../chats/text-edit.ts';
import { attachmentRoutes } from '../generation/attachment-routes.ts';
import { screenshotRoutes } from '../screenshots/routes.ts';
import { generationRoutes } from '../generation/routes.ts';
import { improvePrompt } from '../generation/improve-prompt.ts';
import { PLANS } from '../../core/plans/index.ts';
import { UNSTORABLE_TEXT } from '../../core/validation/storable-text.ts';
import { VENDOR_PREFIX } from '../../core/preview/vendor-files.ts';
import { sessionMiddleware } from '../auth/session.ts';
import { contentRoutes, previewApiRoutes, previewHostMiddleware } from '../preview/index.ts';
import { realtimeRoutes } from '../realtime/routes.ts';
import { codeHostRoutes } from '../codehost/index.ts';
import { chatIntegrationRoutes, integrationRoutes, migrationRoutes } from '../integrations/index.ts';
import { migrationInspectRoutes } from '../integrations/migration-inspect-routes.ts';
import { customDomainRoutes, deploymentRoutes, siteHostMiddleware, tlsAskHandler } from '../hosting/index.ts';
import { loadBlankTemplate } from '../templates/load.ts';
import { createAuthAnswer } from '../limits/index.ts';
import type { Services } from './context.ts';
import type { AppEnv } from './viewer.ts';
import { appSecurityHeaders } from './app-headers.ts';
import { apiError, ServiceError } from './errors.ts';
import { limitBody } from './body-limit.ts';
import { stateChangingRequests } from './same-origin.ts';
import { webAppRoutes } from './static.ts';
import { INVALID_REQUEST, invalidRequest, isUnstorableValueError } from './validate.ts';

/** Snapshots (lock saving) are the largest JSON bodies. */
const MAX_JSON_BODY_BYTES = 25 * 1024 * 1024;

/** The HTTP surface: auth, the JSON API and the web app, on one origin. */
export function createHttpApp(services: Services) {
  const app = new Hono<AppEnv>();
  // First of all: a request id, the access-log line and the HTTP metrics (observability/http.ts).
  app.use('*', observeRequests(services.logger));
  // Preview hosts ({chatId}-{version}.preview.{host}) first: they never reach the API or the SPA.
  const { db, preview } = services;
  const appOrigin = new URL(services.config.publicUrl).origin;
  const html = { templateFiles: loadBlankTemplate, blobs: services.blobs };
  // Caddy asks before it requests a certificate (deploy/Caddyfile), at Kiln's own address: answered
  // first, with no session and one cached lookup. On any other host the path is the site's.
  const { hosting } = services;
  const { limits } = services;
  const admit = (c: Context) => limits.count('tls-ask', { userId: null, address: limits.addressOf(c) });
  app.get('/api/tls/ask', tlsAskHandler({ ...hosting, admit }));
  const addressOf = (c: Context) => limits.addressOf(c) ?? undefined;
  app.use(
    '*',
    previewHostMiddleware({
      db,
      preview,
      appOrigin,
      html,
      apps: services.apps,
      addressOf,
      realtime: services.realtime,
    }),
  );
  // Deployed sites ({subdomain}.{host}, verified custom domains) next: their own origins too.
  app.use(
    '*',
    siteHostMiddleware({
      directory: hosting.directory,
      cache: hosting.cache,
      kilnHost: hosting.kilnHost,
      apps: services.apps,
      addressOf,
    }),
  );
  // The app's own pages and API: a strict CSP, no framing, HSTS behind TLS (app-headers.ts). A
  // header a route set itself wins (an attachment's `default-src 'none'; sandbox`, issue 12 item 4).
  const headerOptions = { publicUrl: services.config.publicUrl, previewHosts: services.config.previewHosts };
  const appHeaders = appSecurityHeaders(headerOptions);
  // Kiln's Tailwind/daisyUI copies are loaded by HTML previews, which run in an opaque origin.
  const vendorHeaders = appSecurityHeaders({ ...headerOptions, crossOriginResources: true });
  app.use('*', (c, next) => (c.req.path.startsWith(VENDOR_PREFIX) ? vendorHeaders : appHeaders)(c, next));

  // Anything that may change state comes from the app's own pages, with the body type its route
  // reads (403 cross-site-request / 415); Better Auth checks its own (origin check, auth.ts).
  app.use(
    '*',
    stateChangingRequests({
      appOrigins: [appOrigin],
      // Stripe's webhook comes from Stripe, signed (billing/routes.ts verifies it on the raw body).
      exemptPrefixes: ['/api/auth/', '/api/billing/webhook'],
      multipartRoutes: ['POST /api/components'],
    }),
  );

  const { sessions } = services;
  // Better Auth gets the client's address Kiln resolved; its 429 becomes Kiln's (issue 21 item 2).
  const authAnswer = createAuthAnswer(services.auth, limits);
  // Signing out stops the user's running generations (spec §4).
  app.post('/api/auth/sign-out', async (c) => {
    const session = await services.auth.api.getSession({ headers: c.req.raw.headers });
    const response = await authAnswer(c);
    sessions.forget(c.req.raw.headers);
    if (session && response.ok) {
      services.sessionChanges.announce(session.user.id);
      services.generation.stopAllOf(session.user.id);
    }
    return response;
  });
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const isChange = c.req.method === 'POST';
    const before = isChange ? await sessions.get(c.req.raw.headers).catch(() => null) : null;
    const response = await authAnswer(c);
    // A change to the account or the session: the next request resolves it afresh, in every
    // process (a password change or 'revoke sessions' ends the user's other sessions).
    if (isChange) {
      sessions.forget(c.req.raw.headers);
      if (before) services.sessionChanges.announce(before.user.id);
    }
    return response;
  });
  app.route('/api/health', healthRoutes(services));
  app.route('/api/ready', readyRoutes(services));
  app.route('/metrics', metricsRoutes({ db, token: services.config.observability.metricsToken }));

  const api = new Hono<AppEnv>();
  // Uploads (POST /api/components) are limited by the route itself, by the viewer's plan, once
  // the session and the chat are checked; nothing is read before (issue 12 item 3).
  const jsonLimit = limitBody(MAX_JSON_BODY_BYTES);
  api.use('*', (c, next) =>
    c.req.method === 'POST' && c.req.path === '/api/components' ? next() : jsonLimit(c, next),
  );
  api.use('*', sessionMiddleware(services));
  api.route('/billing', billingRoutes(services.billing));
  api.route('/me/usage', usageRoutes(services));
  api.route('/me/instructions', defaultInstructionsRoutes(services));
  api.route('/me', meRoutes(services));
  api.route('/admin-cli', adminCliRoutes(services));
  api.route('/admin', adminRoutes({ db, admin: services.admin }));
  api.route('/users', userRoutes(services));
  api.get('/plans', (c) => c.json(PLANS));
  api.get('/ai', (c) => c.json({ id: services.model.id, isDemo: services.model.isDemo }));
  api.route('/chats', realtimeRoutes({ db, realtime: services.realtime }));
  api.route('/chats', previewApiRoutes({ db, preview, limits, apps: services.apps }));
  api.route('/chats', chatRoutes(services));
  api.route('/chats', textEditRoutes(services));
  api.route('/chats', chatInstructionsRoutes(services));
  api.post('/chats/:id/improve-prompt', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { prompt?: unknown };
    const prompt = typeof body.prompt === 'string' ? body.prompt : '';
    const improved = await improvePrompt(
      services.db,
      services.model,
      c.var.viewer,
      c.req.param('id'),
      prompt,
    );
    return c.json({ prompt: improved });
  });
  api.route('/', deploymentRoutes(hosting.deployments));
  api.route('/', customDomainRoutes(hosting.customDomains));
  api.route('/', codeHostRoutes(services.codeHost.connections, services.codeHost.sync));
  api.route('/', integrationRoutes(services.integrations));
  api.route('/', chatIntegrationRoutes(services.chatIntegrations));
  api.route('/', marketplaceRoutes({ db, preview, billing: services.billing }));
  api.route('/', migrationRoutes(services.runMigration));
  api.route('/', migrationInspectRoutes(services.db));
  api.route('/messages', messageRoutes(services));
  api.route('/components', generationRoutes(services.db, services.generation, limits, services.realtime));
  api.route('/attachments', attachmentRoutes(services));
  api.route('/screenshots', screenshotRoutes(services));
  const clone = cloneRoutes(services);
  api.route('/clone', clone.start);
  api.route('/chats', clone.chat);
  api.all('*', (c) => apiError(c, 404, 'not-found', 'No such API endpoint'));
  app.route('/api', api);

  app.route('/', contentRoutes({ services, db }));
  app.route('/', webAppRoutes(services.webRoot, services.config.previewHosts));

  app.onError((error, c) => {
    if (error instanceof ServiceError) {
      // A limit's refusal says when to come back (issue 21 item 2).
      if (typeof error.extra.retryAfter === 'number') c.header('Retry-After', String(error.extra.retryAfter));
      return apiError(c, error.status, error.code, error.message, error.extra);
    }
    // A schema.parse anywhere: the sender's input, answered like every validator's failure.
    if (error instanceof z.ZodError) {
      const refused = invalidRequest(error);
      return apiError(c, refused.status, refused.code, refused.message);
    }
    if (isUnstorableValueError(error)) {
      return apiError(c, 400, UNSTORABLE_TEXT.code, UNSTORABLE_TEXT.message);
    }
    // Hono's own refusals (a malformed JSON body is a 400 from its validator).
    if (error instanceof HTTPException) {
      return apiError(c, error.status, error.status === 400 ? INVALID_REQUEST : 'http-error', error.message);
    }
    // The database away (restarting, network cut): a 503 the client may retry, not a bug.
    if (isDatabaseUnavailable(error)) {
      const unavailable = databaseUnavailable();
      c.header('Retry-After', String(unavailable.extra.retryAfter));
      return apiError(c, unavailable.status, unavailable.code, unavailable.message, unavailable.extra);
    }
    services.logger.error({ err: error, requestId: c.get('requestId' as never) }, 'unhandled error');
    return apiError(c, 500, 'internal', 'Something went wrong');
  });
  return app;
}

export type HttpApp = ReturnType<typeof createHttpApp>;
