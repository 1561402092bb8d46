import { randomUUID } from 'node:crypto';
import { eq, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema/index.ts';
import { chunkText } from '../fixtures/fake-llm/server.ts';
import {
  answer,
  chatData,
  createChat,
  generate,
  signedUpUser,
  useKilnWithFakeLlm,
} from './generation-helpers.ts';
import type { TestClient } from './test-app.ts';

/**
 * Issue 12 item 2: every state-changing route refuses a request from another site (403
 * `cross-site-request`, nothing changed) and carries out the same request from the app's own
 * page. The routes are read from the Hono app, so a new route is refused by the middleware
 * from its first day, and this test fails until it has a same-origin case below.
 */

const HTML = (text: string) =>
  answer('Hero', {
    'index.html': `<!doctype html>\n<html lang="en" data-theme="light">\n<body><h1>${text}</h1></body>\n</html>`,
  });

interface Fixture {
  chatId: string;
  slug: string;
}

interface RequestCase {
  path: string;
  json?: unknown;
  form?: Record<string, string>;
  /** The status the same request gets from the app's own page. */
  status: number;
}

type Owner = Awaited<ReturnType<typeof signedUpUser>>;

describe('cross-site requests are refused on every state-changing route (issue 12 item 2)', () => {
  const ctx = useKilnWithFakeLlm();
  let owner: Owner;
  let chat: Fixture;
  let appOrigin: string;

  const cookieOf = (client: TestClient) =>
    [...(client as unknown as { cookies: Map<string, string> }).cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');

  /** One valid request per route, as the web app sends it (the ids are this test's chat). */
  const CASES: Record<string, () => Promise<RequestCase>> = {
    'POST /api/chats': async () => ({
      path: '/api/chats',
      json: { prompt: 'A card', framework: 'html' },
      status: 201,
    }),
    'POST /api/components': async () => {
      ctx.llm.enqueue({ chunks: chunkText(HTML('Three')) });
      return {
        path: `/api/components?id=${chat.chatId}`,
        form: { id: chat.chatId, prompt: 'Say three', selectedVersion: '2' },
        status: 200,
      };
    },
    'POST /api/components/:chatId/stop': async () => ({
      path: `/api/components/${chat.chatId}/stop`,
      status: 200,
    }),
    'POST /api/chats/:id/like': async () => ({ path: `/api/chats/${chat.chatId}/like`, status: 200 }),
    'POST /api/chats/:id/theme': async () => ({
      path: `/api/chats/${chat.chatId}/theme`,
      json: { theme: 'dark', version: 1 },
      status: 200,
    }),
    'PUT /api/chats/:id/artifact': async () => {
      const snapshot = await owner.client.request(`/api/chats/${chat.chatId}/versions/1/snapshot`);
      const { artifactCode } = (await snapshot.json()) as { artifactCode: string };
      return { path: `/api/chats/${chat.chatId}/artifact`, json: { artifactCode, version: 1 }, status: 200 };
    },
    'POST /api/chats/:id/improve-prompt': async () => ({
      path: `/api/chats/${chat.chatId}/improve-prompt`,
      json: { prompt: 'a pricing table' },
      status: 200,
    }),
    'POST /api/chats/:chatId/preview/:version/rebuild': async () => ({
      path: `/api/chats/${chat.chatId}/preview/1/rebuild`,
      status: 202,
    }),
    'POST /api/chats/:chatId/preview/:version/server/restart': async () => ({
      path: `/api/chats/${chat.chatId}/preview/1/server/restart`,
      status: 200,
    }),
    'POST /api/chats/:id/remix': async () => ({
      path: `/api/chats/${chat.chatId}/remix`,
      json: { version: 1 },
      status: 201,
    }),
    'POST /api/chats/:id/versions/:version/restore': async () => ({
      path: `/api/chats/${chat.chatId}/versions/1/restore`,
      status: 201,
    }),
    'POST /api/chats/:id/versions/:version/text-edit': async () => ({
      path: `/api/chats/${chat.chatId}/versions/1/text-edit`,
      json: { file: 'index.html', line: 3, before: 'One', after: 'Uno' },
      status: 201,
    }),
    'PUT /api/chats/:id/instructions': async () => ({
      path: `/api/chats/${chat.chatId}/instructions`,
      json: { instructions: `Use British spelling (${randomUUID()}).` },
      status: 201,
    }),
    'PUT /api/me/instructions': async () => ({
      path: '/api/me/instructions',
      json: { instructions: 'Prefer Tailwind.' },
      status: 200,
    }),
    'DELETE /api/messages/:id': async () => {
      const { data } = await chatData(owner.client, chat.slug);
      const newest = (data.messages as { id: string; version: number; role: string }[])
        .filter((message) => message.role === 'assistant')
        .sort((a, b) => b.version - a.version)[0]!;
      return { path: `/api/messages/${newest.id}`, status: 200 };
    },
    'POST /api/chats/:id/deployment': async () => ({
      path: `/api/chats/${chat.chatId}/deployment`,
      json: { subdomain: 'csrf-site', version: 1 },
      status: 200,
    }),
    'PATCH /api/chats/:id/deployment': async () => ({
      path: `/api/chats/${chat.chatId}/deployment`,
      json: { subdomain: 'csrf-site-2' },
      status: 200,
    }),
    'POST /api/chats/:id/custom-domain': async () => ({
      path: `/api/chats/${chat.chatId}/custom-domain`,
      json: { domain: 'csrf.example.com' },
      status: 201,
    }),
    'POST /api/custom-domains/:id/verify': async () => ({
      path: `/api/custom-domains/${await customDomainId()}/verify`,
      status: 200,
    }),
    'POST /api/custom-domains/:id/ssl-status': async () => ({
      path: `/api/custom-domains/${await customDomainId()}/ssl-status`,
      status: 200,
    }),
    'DELETE /api/custom-domains/:id': async () => ({
      path: `/api/custom-domains/${await customDomainId()}`,
      status: 200,
    }),
    'DELETE /api/chats/:id/deployment': async () => ({
      path: `/api/chats/${chat.chatId}/deployment`,
      status: 200,
    }),
    // GitHub is not configured here: each answers without the network, past the origin check.
    'POST /api/codehost/token': async () => ({
      path: '/api/codehost/token',
      json: { token: '' },
      status: 400,
    }),
    'POST /api/codehost/device': async () => ({ path: '/api/codehost/device', status: 409 }),
    'POST /api/codehost/device/poll': async () => ({ path: '/api/codehost/device/poll', status: 200 }),
    'DELETE /api/codehost/connection': async () => ({ path: '/api/codehost/connection', status: 200 }),
    'POST /api/codehost/import': async () => ({
      path: '/api/codehost/import',
      json: { repository: 'not a repository' },
      status: 400,
    }),
    'POST /api/chats/:id/codehost/repo': async () => ({
      path: `/api/chats/${chat.chatId}/codehost/repo`,
      json: { name: 'kiln-csrf', private: true },
      status: 409,
    }),
    'POST /api/chats/:id/codehost/push': async () => ({
      path: `/api/chats/${chat.chatId}/codehost/push`,
      json: { version: 1 },
      status: 409,
    }),
    'POST /api/chats/:id/codehost/pull': async () => ({
      path: `/api/chats/${chat.chatId}/codehost/pull`,
      status: 409,
    }),
    'POST /api/integrations': async () => ({
      path: '/api/integrations',
      json: { type: 'email', provider: 'resend', credentials: { apiKey: 're_csrf_key_1234' } },
      status: 201,
    }),
    'PATCH /api/integrations/:id': async () => ({
      path: `/api/integrations/${await integrationId()}`,
      json: { name: 'Mail' },
      status: 200,
    }),
    'POST /api/integrations/:id/test': async () => ({
      path: `/api/integrations/${await integrationId()}/test`,
      status: 200,
    }),
    'DELETE /api/integrations/:id': async () => ({
      path: `/api/integrations/${await integrationId()}`,
      status: 200,
    }),
    // A made-up integration id: 404 on the app's own page whichever cases ran before.
    'PUT /api/chats/:id/integrations/:type': async () => ({
      path: `/api/chats/${chat.chatId}/integrations/email`,
      json: { integrationId: '00000000-0000-4000-8000-000000000000' },
      status: 404,
    }),
    'DELETE /api/chats/:id/integrations/:type': async () => ({
      path: `/api/chats/${chat.chatId}/integrations/email`,
      status: 200,
    }),
    'POST /api/integrations/run-migration': async () => ({
      path: '/api/integrations/run-migration',
      json: { chatId: chat.chatId, sql: 'select 1', migrationName: 'm.sql', messageId: 'no-such-message' },
      status: 404,
    }),
    // A clone of a URL that is not http(s): 400 on the app's own page, nothing queued.
    'POST /api/clone': async () => ({ path: '/api/clone', json: { url: 'ftp://example.com/' }, status: 400 }),
    // An HTML version maps no frame (its files are served as written): 200 with nulls.
    'POST /api/chats/:chatId/preview/:version/stack': async () => ({
      path: `/api/chats/${chat.chatId}/preview/1/stack`,
      json: { frames: [{ url: 'http://example.com/app.js', line: 1, column: 1 }] },
      status: 200,
    }),
    // The owner is made an administrator (issue 35 item 9) and asks for the role it has.
    'POST /api/admin/users/:id/changes': async () => {
      await ctx.kiln.services.db
        .update(schema.users)
        .set({ role: 'admin' })
        .where(eq(schema.users.id, owner.userId));
      return {
        path: `/api/admin/users/${owner.userId}/changes`,
        json: { kind: 'role', role: 'admin' },
        status: 200,
      };
    },
    // The CLI's way in: without its key, 401 past the origin check.
    'POST /api/admin-cli': async () => ({
      path: '/api/admin-cli',
      json: { argv: ['user', 'list'] },
      status: 401,
    }),
    // This server has no Stripe keys: 404 billing-disabled on the app's own page.
    'POST /api/billing/checkout': async () => ({
      path: '/api/billing/checkout',
      json: { interval: 'month' },
      status: 404,
    }),
    'POST /api/billing/portal': async () => ({ path: '/api/billing/portal', json: {}, status: 404 }),
    'POST /api/billing/extra-versions': async () => ({
      path: '/api/billing/extra-versions',
      json: { quantity: 2 },
      status: 404,
    }),
    'PUT /api/chats/:id/listing': async () => ({
      path: `/api/chats/${chat.chatId}/listing`,
      json: { priceCents: 1900, description: 'A hero' },
      status: 404,
    }),
    'DELETE /api/chats/:id/listing': async () => ({ path: `/api/chats/${chat.chatId}/listing`, status: 404 }),
    'POST /api/marketplace/:listingId/checkout': async () => ({
      path: '/api/marketplace/00000000-0000-4000-8000-000000000000/checkout',
      json: {},
      status: 404,
    }),
    'POST /api/chats/:id/visibility': async () => ({
      path: `/api/chats/${chat.chatId}/visibility`,
      json: { isPublic: false },
      status: 200,
    }),
  };

  /** The chat's custom domain (added by its case; a made-up id before that, refused anyway). */
  async function customDomainId(): Promise<string> {
    const [row] = await ctx.kiln.services.db.select().from(schema.customDomains);
    return row?.id ?? '00000000-0000-4000-8000-000000000000';
  }

  /** The owner's integration (added by its case; a made-up id before that, refused anyway). */
  async function integrationId(): Promise<string> {
    const [row] = await ctx.kiln.services.db.select().from(schema.userIntegrations);
    return row?.id ?? '00000000-0000-4000-8000-000000000000';
  }

  /** `METHOD /path` of every route that is not a read, outside Better Auth. */
  function stateChangingRoutes(): string[] {
    const routes = ctx.kiln.app.routes
      .filter((route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method))
      // ALL with a wildcard is a middleware (or the API's 404); ALL on a real path is a route.
      .filter((route) => !(route.method === 'ALL' && route.path.endsWith('*')))
      .filter((route) => !route.path.startsWith('/api/auth/'))
      // Stripe's webhook is called by Stripe, not a page: its signature is its check.
      .filter((route) => route.path !== '/api/billing/webhook')
      .map((route) => `${route.method} ${route.path}`);
    return [...new Set(routes)].sort();
  }

  function send(method: string, request: RequestCase, headers: Record<string, string>) {
    const all = new Headers({ cookie: cookieOf(owner.client), ...headers });
    let body: BodyInit | undefined;
    if (request.form) {
      const form = new FormData();
      for (const [name, value] of Object.entries(request.form)) form.set(name, value);
      body = form;
    } else if (request.json !== undefined) {
      all.set('content-type', 'application/json');
      body = JSON.stringify(request.json);
    }
    return ctx.kiln.app.request(request.path, { method, headers: all, body });
  }

  /** Every row of every table: what "nothing changed" means. */
  async function everything(): Promise<string> {
    const tables = Object.entries(schema).filter(([, value]) => is(value, PgTable)) as [string, PgTable][];
    const rows: Record<string, unknown> = {};
    for (const [name, table] of tables) rows[name] = await ctx.kiln.services.db.select().from(table);
    return JSON.stringify(rows);
  }

  beforeAll(async () => {
    owner = await signedUpUser(ctx.kiln, { premium: true });
    const created = await createChat(owner.client, 'html');
    chat = { chatId: created.id, slug: created.slug };
    for (const text of ['One', 'Two']) {
      ctx.llm.enqueue({ chunks: chunkText(HTML(text)) });
      await generate(owner.client, { id: chat.chatId, prompt: `Say ${text}` });
      await ctx.kiln.services.generation.settle();
    }
    appOrigin = new URL(ctx.kiln.services.config.publicUrl).origin;
  });

  it('the test knows every state-changing route (a new one needs its case here)', () => {
    expect(stateChangingRoutes()).toEqual(Object.keys(CASES).sort());
  });

  const FOREIGN: [string, Record<string, string>][] = [
    // *.preview.{host} is the same site as the app: SameSite cookies travel with its requests.
    ['a preview page', { origin: 'http://c-1.preview.localhost:3000', 'sec-fetch-site': 'same-site' }],
    ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
    ['a sandboxed page (Origin: null)', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['another site, Origin alone (no Fetch Metadata)', { origin: 'https://evil.example' }],
    ['a same-site page, Fetch Metadata alone (no Origin)', { 'sec-fetch-site': 'same-site' }],
  ];

  it('from another site or a preview: 403 cross-site-request on every route, and nothing changes', async () => {
    const before = await everything();
    const modelCalls = ctx.llm.requests.length;
    for (const route of stateChangingRoutes()) {
      const method = route.split(' ')[0]!;
      for (const [, headers] of FOREIGN) {
        const request = await CASES[route]!();
        const response = await send(method, request, headers);
        expect(response.status, `${route} from ${headers.origin}`).toBe(403);
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe('cross-site-request');
        expect(body.error.message).toMatch(/another site/);
      }
    }
    expect(ctx.kiln.services.generation.registry.get(chat.chatId)).toBeUndefined();
    expect(await everything()).toBe(before);
    expect(ctx.llm.requests.length).toBe(modelCalls);
  });

  it('text/plain (which a page may send without asking) is refused with 415 on every JSON route', async () => {
    const before = await everything();
    for (const route of stateChangingRoutes()) {
      const method = route.split(' ')[0]!;
      const request = await CASES[route]!();
      const headers = new Headers({ cookie: cookieOf(owner.client), origin: appOrigin });
      headers.set('content-type', 'text/plain;charset=UTF-8');
      const response = await ctx.kiln.app.request(request.path, {
        method,
        headers,
        body: JSON.stringify(request.json ?? request.form ?? {}),
      });
      expect(response.status, route).toBe(415);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
        'unsupported-media-type',
      );
    }
    // The upload route takes multipart only: JSON is refused as well.
    const json = await send(
      'POST',
      { path: '/api/components', json: { id: chat.chatId, prompt: 'x' }, status: 0 },
      {
        origin: appOrigin,
      },
    );
    expect(json.status).toBe(415);
    expect(await everything()).toBe(before);
  });

  it('from the app’s own page every route works (with Origin, or with Fetch Metadata alone)', async () => {
    const routes = stateChangingRoutes();
    // The order matters: generate before stop and delete, visibility last.
    const order = Object.keys(CASES);
    for (const route of order) {
      expect(routes).toContain(route);
      const method = route.split(' ')[0]!;
      const request = await CASES[route]!();
      const headers: Record<string, string> =
        route === 'POST /api/chats/:id/like'
          ? { 'sec-fetch-site': 'same-origin' }
          : { origin: appOrigin, 'sec-fetch-site': 'same-origin' };
      const response = await send(method, request, headers);
      const text = await response.text();
      expect(response.status, `${route}: ${text.slice(0, 200)}`).toBe(request.status);
      if (route === 'POST /api/components') {
        expect(text).toContain('Three');
        await ctx.kiln.services.generation.settle();
      }
    }
  });
});

describe('Better Auth checks the origin of its own state-changing requests', () => {
  const ctx = useKilnWithFakeLlm();

  it('a sign-up or a sign-out from another site is refused; from the app it works', async () => {
    const foreign = { origin: 'http://c-1.preview.localhost:3000', 'content-type': 'application/json' };
    const signUp = await ctx.kiln.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: foreign,
      body: JSON.stringify({ email: 'csrf@example.com', password: 'correct horse 1', name: 'C' }),
    });
    expect(signUp.status).toBe(403);
    const users = await ctx.kiln.services.db.select().from(schema.users);
    expect(users.map((user) => user.email)).not.toContain('csrf@example.com');

    const { client } = await signedUpUser(ctx.kiln);
    const cookie = [...(client as unknown as { cookies: Map<string, string> }).cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const signOut = await ctx.kiln.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { ...foreign, cookie },
      body: '{}',
    });
    expect(signOut.status).toBe(403);
    expect((await client.me()).user).not.toBeNull();
    expect((await client.request('/api/auth/sign-out', { method: 'POST', json: {} })).status).toBe(200);
    expect((await client.me()).user).toBeNull();
  });
});
