import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { Capability } from '../../../src/core/permissions/index.ts';
import { messages } from '../../../src/server/db/schema/index.ts';
import type { ChatFixture, MatrixFixture, Role } from './route-role-matrix-fixture.ts';
import type { MatrixRequest } from './route-role-matrix-http.ts';

/**
 * Who may use a route (issue 21 item 1). A capability is a chat route: the policy
 * (`src/core/permissions/policy.ts`, spec §6) decides for each viewer × chat, and a private chat is
 * a 404 for everyone but its owner. The other rules are not about a chat:
 * - `public`: anyone, the visitor too;
 * - `signed-in`: 401 for the visitor, anyone signed in;
 * - `own`: a resource of the premium owner's (an integration): 401 for the visitor, the same 404
 *   as a missing one for anybody else;
 * - `signature`: Stripe's webhook, which no session opens (its signature is its check);
 * - `nobody`: what nobody gets yet (a site before it is deployed): 404 for all;
 * - `admin`: /admin's routes (issue 35 item 9): 401 for the visitor, 403 for anyone signed in but
 *   the install's administrator (the first account made).
 *
 * A key is `METHOD path` as the router lists it; `METHOD path (what)` adds a case for the same
 * route (the catch-all serves preview hosts and site hosts).
 */
export type Needs = Capability | 'public' | 'signed-in' | 'own' | 'signature' | 'nobody' | 'admin';

export interface Target {
  role: Role;
  chat: ChatFixture;
  fx: MatrixFixture;
}

type Request = Partial<MatrixRequest> & { path: string };

export interface RouteCase {
  needs: Needs;
  /** The request (method and path from the table's key unless given). */
  request: (t: Target) => Request | Promise<Request>;
  /** The status an allowed viewer gets (default 200). */
  ok?: number | ((t: Target) => number);
  /** Someone else's resource is the same 404 as a missing one (custom domains), never a 403. */
  foreignIs404?: true;
  /**
   * The session is checked before the chat (promise 3: the upload route refuses a visitor with
   * 401 before it reads the body): a visitor's 401 does not tell a private chat exists either.
   */
  signInFirst?: true;
  /** Runs for each viewer × chat although no policy capability decides (`nobody`). */
  perChat?: true;
  /** Served on a preview host, which no session cookie reaches: judged as a visitor. */
  sessionless?: true;
}

/** The chat's newest version's answer (what 'Delete Version' deletes). */
async function newestAnswerId(t: Target): Promise<string> {
  const [row] = await t.fx.kiln.services.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.chatId, t.chat.id), eq(messages.role, 'assistant')))
    .orderBy(desc(messages.version))
    .limit(1);
  return row?.id ?? NO_ID;
}

const subdomainOf = (t: Target) => `matrix-${t.chat.id.slice(0, 8)}`;
const premiumIs409 = (t: Target) => (t.fx.people[t.role].isPremium ? 409 : 200);

const chatPath = (t: Target, rest = '') => `/api/chats/${t.chat.id}${rest}`;
const NO_ID = '00000000-0000-4000-8000-000000000000';
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

/**
 * Every route of the app, in the order the test runs them (reads, then changes, then the
 * version deletion that changes the chats most). A chat route runs for each viewer × chat.
 */
export const ROUTES: Record<string, RouteCase> = {
  // Better Auth's own routes: a session read, a failed sign-in, a sign-out of nobody.
  'GET /api/auth/*': { needs: 'public', request: () => ({ path: '/api/auth/get-session' }) },
  'POST /api/auth/*': {
    needs: 'public',
    request: () => ({
      path: '/api/auth/sign-in/email',
      json: { email: 'nobody@example.com', password: 'wrong password 1' },
    }),
    ok: 401,
  },
  'GET /api/health': { needs: 'public', request: () => ({ path: '/api/health' }) },
  'GET /api/ready': { needs: 'public', request: () => ({ path: '/api/ready' }) },
  // No KILN_METRICS_TOKEN here: 404 whoever asks; with one, only its bearer (observability/metrics.test.ts).
  'GET /metrics': { needs: 'nobody', request: () => ({ path: '/metrics' }) },
  'ALL /api/*': { needs: 'public', request: () => ({ path: '/api/no-such-route', method: 'GET' }), ok: 404 },
  'GET /api/me': { needs: 'public', request: () => ({ path: '/api/me' }) },
  'GET /api/me/usage': { needs: 'signed-in', request: () => ({ path: '/api/me/usage' }) },
  'GET /api/me/instructions': { needs: 'signed-in', request: () => ({ path: '/api/me/instructions' }) },
  'GET /api/users/:id': {
    needs: 'public',
    request: (t) => ({ path: `/api/users/${t.fx.people.premiumOwner.userId}` }),
  },
  'GET /api/plans': { needs: 'public', request: () => ({ path: '/api/plans' }) },
  'GET /api/ai': { needs: 'public', request: () => ({ path: '/api/ai' }) },
  // Prices, as the pricing page shows them; the signed-in person's plan besides.
  'GET /api/billing': { needs: 'public', request: () => ({ path: '/api/billing' }) },
  'GET /api/chats/mine': { needs: 'signed-in', request: () => ({ path: '/api/chats/mine' }) },
  'GET /api/chats/explore': { needs: 'public', request: () => ({ path: '/api/chats/explore' }) },
  'GET /api/marketplace': { needs: 'public', request: () => ({ path: '/api/marketplace' }) },
  'GET /api/me/sales': { needs: 'signed-in', request: () => ({ path: '/api/me/sales' }) },
  'GET /api/me/purchases': { needs: 'signed-in', request: () => ({ path: '/api/me/purchases' }) },
  'GET /api/deployments/subdomains/:subdomain': {
    needs: 'signed-in',
    request: () => ({ path: '/api/deployments/subdomains/matrix-free-name' }),
  },
  'GET /api/custom-domains/availability': {
    needs: 'signed-in',
    request: () => ({ path: '/api/custom-domains/availability?domain=free.matrix.example.org' }),
  },
  'GET /api/codehost/connection': {
    needs: 'signed-in',
    request: () => ({ path: '/api/codehost/connection' }),
  },
  // GitHub is not configured here: each answers without the network, past the session check.
  'GET /api/codehost/oauth/start': {
    needs: 'signed-in',
    request: () => ({ path: '/api/codehost/oauth/start' }),
    ok: 409,
  },
  'GET /api/codehost/oauth/callback': {
    needs: 'signed-in',
    request: () => ({ path: '/api/codehost/oauth/callback?code=x&state=y' }),
    ok: 302,
  },
  'GET /api/codehost/repos': {
    needs: 'signed-in',
    request: () => ({ path: '/api/codehost/repos' }),
    ok: 409,
  },
  // Caddy's question, answered before any session: no certificate for a name Kiln does not serve.
  'GET /api/tls/ask': {
    needs: 'public',
    request: () => ({ path: '/api/tls/ask?domain=evil.example' }),
    ok: 404,
  },
  'GET /api/integrations': { needs: 'signed-in', request: () => ({ path: '/api/integrations' }) },
  'GET /placeholder.svg': { needs: 'public', request: () => ({ path: '/placeholder.svg' }) },
  'GET /_kiln/vendor/:name': { needs: 'public', request: () => ({ path: '/_kiln/vendor/daisyui.css' }) },
  'ALL /assets/*': {
    needs: 'public',
    request: () => ({ path: '/assets/no-such-file.js', method: 'GET' }),
    ok: 404,
  },
  'ALL /content/*': {
    needs: 'public',
    request: () => ({ path: '/content/nothing', method: 'GET' }),
    ok: 404,
  },
  // The web app's shell, the same for every page: the private chat's editor page tells nothing.
  // (503 where the web app is not built: the shell, not a chat, decides either way.)
  'GET /*': {
    needs: 'public',
    request: (t) => ({ path: `/components/${t.chat.slug}` }),
    ok: (t) => (fs.existsSync(path.join(t.fx.kiln.services.webRoot, 'index.html')) ? 200 : 503),
  },

  // Reads of one chat.
  'GET /api/chats/by-slug/:slug': {
    needs: 'view',
    request: (t) => ({ path: `/api/chats/by-slug/${t.chat.slug}` }),
  },
  'GET /api/chats/:id/versions/:version/snapshot': {
    needs: 'view',
    request: (t) => ({ path: chatPath(t, '/versions/1/snapshot') }),
  },
  'GET /api/chats/:id/versions/:version/zip': {
    needs: 'download',
    request: (t) => ({ path: chatPath(t, '/versions/1/zip') }),
  },
  'GET /api/chats/:id/versions/:version/files/:path{.+}': {
    needs: 'view',
    // A text file is not served here (only checked images and fonts): 404 past the check.
    request: (t) => ({ path: chatPath(t, '/versions/1/files/index.html') }),
    ok: 404,
  },
  'GET /api/chats/:id/versions/:version/migrations': {
    needs: 'view',
    request: (t) => ({ path: chatPath(t, '/versions/1/migrations') }),
  },
  'GET /api/chats/:chatId/events': {
    needs: 'view',
    request: (t) => ({ path: chatPath(t, '/events'), stream: true }),
  },
  'GET /api/chats/:chatId/preview/:version': {
    needs: 'view',
    request: (t) => ({ path: chatPath(t, '/preview/1') }),
  },
  'GET /api/chats/:chatId/preview/:version/server': {
    needs: 'viewPrivateTabs',
    request: (t) => ({ path: chatPath(t, '/preview/1/server') }),
  },
  'GET /api/components/:chatId/versions/:version/stream': {
    needs: 'view',
    request: (t) => ({ path: `/api/components/${t.chat.id}/versions/1/stream`, stream: true }),
  },
  'GET /content/:chatId/:version/*': {
    needs: 'view',
    request: (t) => ({ path: `/content/${t.chat.id}/1/` }),
    ok: 302,
  },
  // The preview host (any request there; the app's catch-all middleware hands it over).
  'ALL /*': {
    needs: 'view',
    sessionless: true,
    request: (t) => ({ path: '/', method: 'GET', host: `${t.chat.id}-1.preview.localhost:3000` }),
  },
  // A site host before its chat is deployed (the deployment case below deploys there).
  'ALL /* (a site host)': {
    needs: 'nobody',
    perChat: true,
    request: (t) => ({ path: '/', method: 'GET', host: `${subdomainOf(t)}.localhost:3000` }),
  },
  'GET /api/attachments/:chatId/:fileId': {
    needs: 'view',
    // The premium private chat's attachment; the same file id under each other chat (none there).
    request: (t) => ({ path: t.fx.attachmentPath.replace(t.fx.chats.premiumPrivate.id, t.chat.id) }),
    ok: (t) => (t.chat.name === 'premiumPrivate' ? 200 : 404),
  },
  'GET /api/screenshots/:chatId/:file': {
    needs: 'view',
    // Version 1's (planted in the premium private chat and the listed chat's unlisted version).
    request: (t) => ({ path: `/api/screenshots/${t.chat.id}/${t.chat.answerIds[0]}.jpg` }),
    ok: (t) => (['premiumPrivate', 'listed'].includes(t.chat.name) ? 200 : 404),
  },
  // The version on sale of a listed (private) chat: its screenshot is the marketplace card's.
  'GET /api/screenshots/:chatId/:file (the listed version)': {
    needs: 'public',
    request: (t) => ({
      path: `/api/screenshots/${t.fx.chats.listed.id}/${t.fx.chats.listed.answerIds[1]}.jpg`,
    }),
  },
  'GET /api/chats/:id/clone': { needs: 'view', request: (t) => ({ path: chatPath(t, '/clone') }), ok: 404 },
  'GET /api/chats/:id/clone/screenshot.jpg': {
    needs: 'view',
    request: (t) => ({ path: chatPath(t, '/clone/screenshot.jpg') }),
    ok: (t) => (t.chat.name === 'premiumPrivate' ? 200 : 404),
  },
  'GET /api/chats/:id/deployment': {
    needs: 'viewPrivateTabs',
    request: (t) => ({ path: chatPath(t, '/deployment') }),
  },
  'GET /api/chats/:id/custom-domain': {
    needs: 'viewPrivateTabs',
    request: (t) => ({ path: chatPath(t, '/custom-domain') }),
  },
  'GET /api/chats/:id/codehost': {
    needs: 'syncCodeHost',
    request: (t) => ({ path: chatPath(t, '/codehost') }),
  },
  'GET /api/chats/:id/integrations': {
    needs: 'manageIntegrations',
    request: (t) => ({ path: chatPath(t, '/integrations') }),
  },
  'GET /api/chats/:id/listing': {
    needs: 'listOnMarketplace',
    request: (t) => ({ path: chatPath(t, '/listing') }),
  },
  'POST /api/chats/:chatId/preview/:version/stack': {
    needs: 'view',
    request: (t) => ({
      path: chatPath(t, '/preview/1/stack'),
      json: { frames: [{ url: 'http://example.com/app.js', line: 1, column: 1 }] },
    }),
  },

  // Changes of one's own account, and new things.
  'PUT /api/me/instructions': {
    needs: 'signed-in',
    request: () => ({ path: '/api/me/instructions', json: { instructions: 'Prefer Tailwind.' } }),
  },
  'POST /api/chats': {
    needs: 'signed-in',
    request: () => ({ path: '/api/chats', json: { prompt: 'A card', framework: 'html' } }),
    ok: 201,
  },
  'POST /api/clone': {
    needs: 'signed-in',
    request: () => ({ path: '/api/clone', json: { url: 'ftp://example.com/' } }),
    ok: 400,
  },
  // A subscriber has Premium already, and no Stripe customer here (granted, not bought).
  'POST /api/billing/checkout': {
    needs: 'signed-in',
    request: () => ({ path: '/api/billing/checkout', json: { interval: 'month' } }),
    ok: premiumIs409,
  },
  'POST /api/billing/portal': {
    needs: 'signed-in',
    request: () => ({ path: '/api/billing/portal', json: {} }),
    ok: premiumIs409,
  },
  'POST /api/billing/extra-versions': {
    needs: 'signed-in',
    request: () => ({ path: '/api/billing/extra-versions', json: { quantity: 2 } }),
  },
  // Administration (issue 35 item 9): the administrator changes an account nobody else uses.
  // The check before every /api/admin route: an unknown one is 401/403 too, and 404 only to the admin.
  'ALL /api/admin/*': {
    needs: 'admin',
    request: () => ({ path: '/api/admin/unknown', method: 'GET' }),
    ok: 404,
  },
  'GET /api/admin/users': { needs: 'admin', request: () => ({ path: '/api/admin/users?q=bo' }) },
  'GET /api/admin/system': { needs: 'admin', request: () => ({ path: '/api/admin/system' }) },
  'GET /api/admin/audit': { needs: 'admin', request: () => ({ path: '/api/admin/audit' }) },
  'POST /api/admin/users/:id/changes': {
    needs: 'admin',
    request: (t) => ({
      path: `/api/admin/users/${t.fx.bystanderId}/changes`,
      json: { kind: 'plan', plan: 'premium', days: 1 },
    }),
  },
  // The CLI's way into a running server: a key derived from Kiln's secret, which no session holds.
  'POST /api/admin-cli': {
    needs: 'signature',
    request: () => ({ path: '/api/admin-cli', json: { argv: ['user', 'list'] } }),
    ok: 401,
  },
  'POST /api/billing/webhook': {
    needs: 'signature',
    request: () => ({ path: '/api/billing/webhook', json: { type: 'checkout.session.completed' } }),
    ok: 400,
  },
  // The seller cannot buy their own listing, the buyer not twice.
  'POST /api/marketplace/:listingId/checkout': {
    needs: 'signed-in',
    request: (t) => ({ path: `/api/marketplace/${t.fx.listingId}/checkout`, json: {} }),
    ok: (t) => (['premiumOwner', 'buyer'].includes(t.role) ? 409 : 200),
  },
  'POST /api/codehost/token': {
    needs: 'signed-in',
    request: () => ({ path: '/api/codehost/token', json: { token: '' } }),
    ok: 400,
  },
  'POST /api/codehost/device': {
    needs: 'signed-in',
    request: () => ({ path: '/api/codehost/device' }),
    ok: 409,
  },
  'POST /api/codehost/device/poll': {
    needs: 'signed-in',
    request: () => ({ path: '/api/codehost/device/poll' }),
  },
  'DELETE /api/codehost/connection': {
    needs: 'signed-in',
    request: () => ({ path: '/api/codehost/connection' }),
  },
  'POST /api/codehost/import': {
    needs: 'signed-in',
    request: () => ({ path: '/api/codehost/import', json: { repository: 'not a repository' } }),
    ok: 400,
  },
  'POST /api/integrations': {
    needs: 'signed-in',
    request: () => ({
      path: '/api/integrations',
      json: { type: 'email', provider: 'resend', credentials: { apiKey: 're_matrix_key_1234' } },
    }),
    ok: 201,
  },
  'PATCH /api/integrations/:id': {
    needs: 'own',
    request: (t) => ({ path: `/api/integrations/${t.fx.integrationId}`, json: { name: 'Mail' } }),
  },
  'POST /api/integrations/:id/test': {
    needs: 'own',
    request: (t) => ({ path: `/api/integrations/${t.fx.integrationId}/test` }),
  },

  // Changes of one chat.
  'POST /api/components': {
    needs: 'edit',
    signInFirst: true,
    // An empty prompt: refused after the checks (400), so no generation runs.
    request: (t) => ({
      path: `/api/components?id=${t.chat.id}`,
      form: form({ id: t.chat.id, prompt: '' }),
    }),
    ok: 400,
  },
  'POST /api/components/:chatId/stop': {
    needs: 'edit',
    request: (t) => ({ path: `/api/components/${t.chat.id}/stop` }),
  },
  'POST /api/chats/:chatId/preview/:version/rebuild': {
    needs: 'edit',
    request: (t) => ({ path: chatPath(t, '/preview/1/rebuild') }),
    ok: 202,
  },
  'POST /api/chats/:chatId/preview/:version/server/restart': {
    needs: 'edit',
    request: (t) => ({ path: chatPath(t, '/preview/1/server/restart') }),
  },
  'POST /api/chats/:id/like': { needs: 'like', request: (t) => ({ path: chatPath(t, '/like') }) },
  'POST /api/chats/:id/theme': {
    needs: 'edit',
    request: (t) => ({ path: chatPath(t, '/theme'), json: { theme: 'dark', version: 1 } }),
    // Themes are HTML's (the free private chat is a React one).
    ok: (t) => (t.chat.name === 'freePrivate' ? 400 : 200),
  },
  'PUT /api/chats/:id/artifact': {
    needs: 'lockFiles',
    request: (t) => ({
      path: chatPath(t, '/artifact'),
      json: { artifactCode: '<kilnArtifact/>', version: 1 },
    }),
    ok: 400,
  },
  'POST /api/chats/:id/improve-prompt': {
    needs: 'improvePrompt',
    request: (t) => ({ path: chatPath(t, '/improve-prompt'), json: { prompt: '' } }),
    ok: 400,
  },
  'POST /api/chats/:id/versions/:version/restore': {
    needs: 'edit',
    request: (t) => ({ path: chatPath(t, '/versions/1/restore') }),
    ok: 201,
  },
  'POST /api/chats/:id/versions/:version/text-edit': {
    needs: 'edit',
    request: (t) => ({
      path: chatPath(t, '/versions/1/text-edit'),
      json: { file: 'index.html', line: 3, before: 'no such text', after: 'Uno' },
    }),
    ok: 422,
  },
  'PUT /api/chats/:id/instructions': {
    needs: 'edit',
    request: (t) => ({ path: chatPath(t, '/instructions'), json: { instructions: 'Use British spelling.' } }),
    ok: 201,
  },
  'POST /api/chats/:id/remix': {
    needs: 'remix',
    request: (t) => ({ path: chatPath(t, '/remix'), json: { version: 1 } }),
    ok: 201,
  },
  'POST /api/chats/:id/deployment': {
    needs: 'deploy',
    request: (t) => ({ path: chatPath(t, '/deployment'), json: { subdomain: subdomainOf(t), version: 1 } }),
  },
  'PATCH /api/chats/:id/deployment': {
    needs: 'updateDeployment',
    request: (t) => ({
      path: chatPath(t, '/deployment'),
      json: { subdomain: `matrix2-${t.chat.id.slice(0, 8)}` },
    }),
  },
  'POST /api/chats/:id/custom-domain': {
    needs: 'manageCustomDomain',
    request: (t) => ({
      path: chatPath(t, '/custom-domain'),
      json: { domain: `${t.chat.id.slice(0, 8)}.example.net` },
    }),
    // Each chat has its (planted) domain already: one per project.
    ok: 409,
  },
  'POST /api/custom-domains/:id/verify': {
    needs: 'manageCustomDomain',
    foreignIs404: true,
    request: (t) => ({ path: `/api/custom-domains/${t.chat.domainId}/verify` }),
  },
  'POST /api/custom-domains/:id/ssl-status': {
    needs: 'manageCustomDomain',
    foreignIs404: true,
    request: (t) => ({ path: `/api/custom-domains/${t.chat.domainId}/ssl-status` }),
  },
  'DELETE /api/custom-domains/:id': {
    needs: 'removeCustomDomain',
    foreignIs404: true,
    request: (t) => ({ path: `/api/custom-domains/${t.chat.domainId}` }),
  },
  'DELETE /api/chats/:id/deployment': {
    needs: 'undeploy',
    request: (t) => ({ path: chatPath(t, '/deployment') }),
  },
  'POST /api/chats/:id/codehost/repo': {
    needs: 'syncCodeHost',
    request: (t) => ({ path: chatPath(t, '/codehost/repo'), json: { name: 'kiln-matrix', private: true } }),
    ok: 409,
  },
  'POST /api/chats/:id/codehost/push': {
    needs: 'syncCodeHost',
    request: (t) => ({ path: chatPath(t, '/codehost/push'), json: { version: 1 } }),
    ok: 409,
  },
  'POST /api/chats/:id/codehost/pull': {
    needs: 'syncCodeHost',
    request: (t) => ({ path: chatPath(t, '/codehost/pull') }),
    ok: 409,
  },
  'PUT /api/chats/:id/integrations/:type': {
    needs: 'manageIntegrations',
    request: (t) => ({ path: chatPath(t, '/integrations/email'), json: { integrationId: NO_ID } }),
    ok: 404,
  },
  'DELETE /api/chats/:id/integrations/:type': {
    needs: 'manageIntegrations',
    request: (t) => ({ path: chatPath(t, '/integrations/email') }),
  },
  'POST /api/integrations/run-migration': {
    needs: 'runMigration',
    request: (t) => ({
      path: '/api/integrations/run-migration',
      json: { chatId: t.chat.id, sql: 'select 1', migrationName: 'm.sql', messageId: 'no-such-message' },
    }),
    ok: 404,
  },
  'PUT /api/chats/:id/listing': {
    needs: 'listOnMarketplace',
    request: (t) => ({ path: chatPath(t, '/listing'), json: { priceCents: 1900, description: 'A page' } }),
    // Only a private component is listed.
    ok: (t) => (t.chat.isPrivate ? 200 : 409),
  },
  'DELETE /api/chats/:id/listing': {
    needs: 'listOnMarketplace',
    request: (t) => ({ path: chatPath(t, '/listing') }),
  },
  'DELETE /api/integrations/:id': {
    needs: 'own',
    request: (t) => ({ path: `/api/integrations/${t.fx.integrationId}` }),
  },
  // Same visibility as now: allowed, and nothing changes.
  'POST /api/chats/:id/visibility': {
    needs: 'changeVisibility',
    request: (t) => ({ path: chatPath(t, '/visibility'), json: { isPublic: !t.chat.isPrivate } }),
  },
  'DELETE /api/messages/:id': {
    needs: 'deleteVersion',
    request: async (t) => ({ path: `/api/messages/${await newestAnswerId(t)}` }),
  },
  'POST /api/auth/sign-out': { needs: 'public', request: () => ({ path: '/api/auth/sign-out', json: {} }) },
};
