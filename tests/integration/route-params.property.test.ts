import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChat, generate, generationForm, signedUpUser } from './generation-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';

/**
 * Issue 12 items 6–7: no parameter a person can type into a URL, a query, a body or a host name
 * makes the server fail. Every route with a path parameter is taken from the app itself (so a
 * new route is covered the day it is added) and called with arbitrary strings — percent-escapes,
 * huge and fractional numbers, unicode — by the owner, a stranger and a visitor: the answer is
 * never a 5xx, and every API error has the documented body `{ error: { code, message } }`.
 */

type Route = { method: string; path: string };

/** Texts known to have broken a route once, and their relatives. */
const NASTY = [
  '',
  'abc',
  '1.5',
  '0',
  '-1',
  '01',
  '1e3',
  '0x1',
  '2147483647',
  '2147483648',
  '12345678901234567890',
  '9'.repeat(400),
  'NaN',
  'Infinity',
  '..',
  '.',
  '%',
  '%E0%A4%A',
  '%zz',
  '%00',
  '%2F',
  '%C0%AF',
  '%FF%FE',
  '%F0%9F%98',
  '%25',
];

/** One URL path segment, already encoded (a raw `%…` stays as typed). */
const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }).map(encode) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).map(encode) },
  { weight: 2, arbitrary: fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String) },
  { weight: 1, arbitrary: fc.double().map((n) => encode(String(n))) },
);

function encode(text: string): string {
  // A lone surrogate cannot be encoded (and no browser sends one): replace it, as they do.
  return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));
}

/** A JSON body with the fields the routes read, each valid or arbitrary. */
const jsonBody = fc.record(
  {
    version: fc.oneof(
      fc.constant(1),
      fc.integer(),
      fc.double(),
      fc.constantFrom(2 ** 31, 2 ** 53, -1, 0, '1', 'abc', null),
      fc.jsonValue({ maxDepth: 1 }),
    ),
    isPublic: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 })),
    theme: fc.oneof(fc.constant('dark'), fc.string({ maxLength: 12 })),
    artifactCode: fc.oneof(fc.constant(''), fc.string({ maxLength: 40 })),
    prompt: fc.string({ maxLength: 40 }),
  },
  { requiredKeys: [] },
);

const body = fc.oneof(
  { weight: 4, arbitrary: jsonBody.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
);

/** What the web app's pages answer when `npm run build` has not run (these tests do not need it). */
const NOT_BUILT = 'The web app is not built.';

async function expectNoServerError(response: Response, url: string) {
  const isApi = new URL(url, 'http://x').pathname.startsWith('/api/');
  if (response.status === 503 && !isApi && (await response.text()).startsWith(NOT_BUILT)) return;
  expect(response.status, `${url} → ${response.status}`).toBeLessThan(500);
  if (response.status < 400 || !isApi) {
    await response.body?.cancel();
    return;
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${url} → ${response.status} answered without a JSON error body: ${text.slice(0, 200)}`);
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown } }).error;
  expect(Object.keys(parsed as object), `${url}: ${text}`).toEqual(['error']);
  expect(typeof error?.code, `${url}: ${text}`).toBe('string');
  expect(typeof error?.message, `${url}: ${text}`).toBe('string');
}

describe('every route parameter: never a server error, always the error body', () => {
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  let viewers: { name: string; client: TestClient }[];
  let valid: { chatId: string; htmlChatId: string; slug: string; ownerId: string };
  let routes: Route[];

  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_DEMO_DELAY_MS: '0' });
    const owner = await signedUpUser(kiln, { premium: true });
    const stranger = await signedUpUser(kiln);
    const react = await createChat(owner.client, 'react', 'A counter');
    const html = await createChat(owner.client, 'html', 'A pricing table');
    for (const chat of [react, html]) {
      expect((await generate(owner.client, { id: chat.id, prompt: 'A counter' })).version).toBe(1);
    }
    await kiln.services.generation.settle();
    valid = { chatId: react.id, htmlChatId: html.id, slug: react.slug, ownerId: owner.userId };
    viewers = [
      { name: 'owner', client: owner.client },
      { name: 'stranger', client: stranger.client },
      { name: 'visitor', client: new TestClient(kiln) },
    ];
    const seen = new Set<string>();
    routes = kiln.app.routes
      .filter((route) => route.method !== 'ALL' && route.path.includes(':'))
      .map(({ method, path }) => ({ method, path }))
      .filter(
        (route) => !seen.has(`${route.method} ${route.path}`) && seen.add(`${route.method} ${route.path}`),
      );
  });
  afterAll(async () => {
    await kiln.services.generation.settle();
    await kiln.close();
  });

  // Runs name their viewer (a client holds the whole app: fast-check could not print it).
  const viewerNamed = (name: string) => viewers.find((viewer) => viewer.name === name)!;

  /** A real value for a parameter, so the arbitrary ones are also tried next to valid ones. */
  function validValues(route: Route, name: string): string[] {
    // Never a real message id: deleting a version would change what the other runs see.
    if (route.path.startsWith('/api/messages/')) return [];
    if (route.path.startsWith('/api/users/')) return [valid.ownerId];
    if (name === 'id' || name === 'chatId') return [valid.chatId, valid.htmlChatId];
    if (name === 'version') return ['1'];
    if (name === 'slug') return [valid.slug];
    return [];
  }

  function urlOf(route: Route, values: Map<string, string>, tail: string, query: string | null) {
    let path = route.path.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, (_, name: string) => values.get(name) ?? '');
    if (path.endsWith('/*')) path = `${path.slice(0, -1)}${tail}`;
    return query === null ? path : `${path}?v=${query}&token=${query}`;
  }

  it('covers the routes of the app, read from the app itself', () => {
    const paths = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      'GET /api/chats/:id/versions/:version/snapshot',
      'GET /api/chats/:id/versions/:version/zip',
      'GET /api/components/:chatId/versions/:version/stream',
      'GET /api/chats/:chatId/preview/:version',
      'PUT /api/chats/:id/artifact',
      'GET /api/chats/by-slug/:slug',
    ]) {
      expect(paths).toContain(expected);
    }
    expect(paths.some((path) => path.startsWith('GET /content/:chatId/:version'))).toBe(true);
  });

  // Hundreds of requests: on a loaded 2-core machine they took over the default 30 s (a stress CI run).
  it('answers arbitrary path parameters, queries and bodies of every route without a 5xx', async () => {
    for (const route of routes) {
      const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1]!);
      const parameter = (name: string) => {
        const real = validValues(route, name);
        return real.length === 0 ? segment : fc.oneof(fc.constantFrom(...real), segment);
      };
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...names.map(parameter)),
          fc.array(segment, { maxLength: 3 }).map((parts) => parts.join('/')),
          fc.option(segment, { nil: null }),
          body,
          fc.constantFrom(...viewers.map((viewer) => viewer.name)),
          async (values, tail, query, payload, name) => {
            const viewer = viewerNamed(name);
            const url = urlOf(route, new Map(names.map((name, i) => [name, values[i]!])), tail, query);
            const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
            const response = await viewer.client.request(url, {
              method: route.method,
              ...(hasBody ? { body: payload, headers: { 'content-type': 'application/json' } } : {}),
            });
            await expectNoServerError(response, `${viewer.name} ${route.method} ${url}`);
          },
        ),
        { numRuns: 40 },
      );
    }
  }, 180_000);

  it('answers any version in a preview host name without a 5xx', async () => {
    const digits = fc.oneof(
      fc.constantFrom('0', '1', '2147483647', '2147483648', '12345678901234567890', '9'.repeat(300)),
      fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(valid.chatId, valid.htmlChatId, 'nope'),
        digits,
        async (id, version) => {
          const response = await kiln.app.request('/', {
            headers: { host: `${id}-${version}.preview.localhost` },
          });
          expect(response.status).toBeLessThan(500);
          expect([200, 202, 302, 404]).toContain(response.status);
          await response.body?.cancel();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('answers arbitrary generation forms (chat id, selectedVersion, action) without a 5xx', async () => {
    const form = fc.record(
      {
        id: fc.oneof(fc.constant(valid.chatId), segment),
        prompt: fc.oneof(fc.constant('Make it blue'), fc.string({ maxLength: 20 })),
        selectedVersion: fc.oneof(fc.constantFrom('1', '999'), segment),
        action: fc.oneof(fc.constant('continue'), fc.string({ maxLength: 8 })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(
        form,
        fc.constantFrom(...viewers.map((viewer) => viewer.name)),
        async (fields, name) => {
          const viewer = viewerNamed(name);
          const response = await viewer.client.request('/api/components', {
            method: 'POST',
            body: generationForm(fields),
          });
          // A generation that started streams its answer; the next run may find it still running (409).
          await expectNoServerError(
            response,
            `${viewer.name} POST /api/components ${JSON.stringify(fields)}`,
          );
          await kiln.services.generation.settle();
        },
      ),
      { numRuns: 40 },
    );
  });
});
