import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPABILITIES, decide, DENIAL_STATUS, type Capability } from '../../../src/core/permissions/index.ts';
import {
  createMatrixFixture,
  viewerOf,
  type ChatName,
  type MatrixFixture,
  type Role,
} from './route-role-matrix-fixture.ts';
import { openStream, send, type MatrixResponse } from './route-role-matrix-http.ts';
import { ROUTES, type RouteCase, type Target } from './route-role-matrix-table.ts';

/**
 * Issue 21 item 1: every route of the app × every role × public/private chat, over real HTTP.
 * Each answer has the status the policy (spec §6) gives, and no answer to someone who may not
 * see a private chat holds a byte of it (its markers: title, prompt, files, attachment,
 * screenshot). The routes are read from the Hono router: a new one fails until it has a row.
 */

type Expected = number;
type Request = Awaited<ReturnType<RouteCase['request']>>;

const isCapability = (needs: string): needs is Capability =>
  (CAPABILITIES as readonly string[]).includes(needs);

/**
 * Who meets whom: the visitor and a premium stranger on every chat, each owner on their own
 * chats, the free owner on the premium owner's (a free stranger), the buyer on the listed chat
 * and on their copy.
 */
const CHAT_CASES: [Role, ChatName][] = [
  ...(['visitor', 'stranger', 'freeOwner'] as const).flatMap((role) =>
    (['premiumPublic', 'premiumPrivate', 'freePublic', 'freePrivate'] as const).map(
      (chat): [Role, ChatName] => [role, chat],
    ),
  ),
  ['premiumOwner', 'premiumPublic'],
  ['premiumOwner', 'premiumPrivate'],
  ['visitor', 'listed'],
  ['premiumOwner', 'listed'],
  ['buyer', 'listed'],
  ['buyer', 'bought'],
  ['stranger', 'bought'],
];
const ROLES: Role[] = ['visitor', 'stranger', 'freeOwner', 'premiumOwner', 'buyer', 'admin'];

/** The status the rules give this viewer: a denial's, or the route's answer when allowed. */
function expectedStatus(route: RouteCase, t: Target): Expected {
  const ok = typeof route.ok === 'function' ? route.ok(t) : (route.ok ?? 200);
  const person = t.fx.people[t.role];
  const signedIn = person.userId !== null;
  switch (route.needs) {
    case 'public':
    case 'signature':
      return ok;
    case 'nobody':
      return 404;
    case 'signed-in':
      return signedIn ? ok : 401;
    case 'own':
      return !signedIn ? 401 : t.role === 'premiumOwner' ? ok : 404;
    case 'admin':
      return !signedIn ? 401 : t.role === 'admin' ? ok : 403;
  }
  if (route.signInFirst && !signedIn) return 401;
  const viewer = route.sessionless ? { userId: null, isPremium: false } : viewerOf(person);
  const owner = t.fx.people[t.chat.ownerRole];
  const decision = decide(route.needs, viewer, { userId: owner.userId!, isPrivate: t.chat.isPrivate });
  if (decision.allowed) return ok;
  const status = DENIAL_STATUS[decision.reason];
  return route.foreignIs404 && status === 403 ? 404 : status;
}

describe('every route × every role × public/private chat (issue 21 item 1)', () => {
  let fx: MatrixFixture;

  beforeAll(async () => {
    fx = await createMatrixFixture();
  }, 60_000);
  afterAll(async () => {
    await fx?.close();
  });

  /** `METHOD path` of every route, deduplicated (a path registered twice is one row). */
  function registeredRoutes(): string[] {
    return [...new Set(fx.kiln.app.routes.map((route) => `${route.method} ${route.path}`))].sort();
  }

  /**
   * A preview link an answer hands out (a redirect, a JSON `url`) is followed, without a
   * cookie as a browser would: what it opens counts as part of the answer. So is what its token
   * opens on the chat's other versions (a link to one version is no key to the others).
   */
  async function followPreviewLinks(response: MatrixResponse): Promise<string> {
    const suffix = fx.kiln.services.preview.hostSuffixes.preview.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const links = new Set(
      [response.location, ...(response.body.match(/https?:\/\/[^"'\s<>]+/g) ?? [])].filter((link) =>
        new RegExp(`^https?://[^/]+${suffix}(:\\d+)?(/|$)`).test(link),
      ),
    );
    let opened = '';
    for (const link of [...links].slice(0, 3)) {
      const url = new URL(link);
      const [, chatId, version] = /^([0-9a-f-]{36})-(\d+)\./.exec(url.host) ?? [];
      const hosts = new Set([url.host]);
      if (chatId)
        for (const other of [1, 2])
          hosts.add(url.host.replace(`${chatId}-${version}.`, `${chatId}-${other}.`));
      for (const host of hosts) {
        const page = await send(fx.baseUrl, { method: 'GET', path: url.pathname + url.search, host }, {});
        opened += page.body;
      }
    }
    return opened;
  }

  const ASSETS_ROUTE = 'ALL /assets/*';

  it('the table has a row for every registered route (a new route needs one)', () => {
    const listed = new Set(Object.keys(ROUTES).map((key) => key.replace(/ \(.*\)$/, '')));
    const registered = registeredRoutes();
    // The built app's assets route exists only where dist/web does (http/static.ts): a clean
    // checkout, as on CI, has none until `npm start` builds it.
    if (!registered.includes(ASSETS_ROUTE)) listed.delete(ASSETS_ROUTE);
    expect([...listed].sort()).toEqual(registered);
  });

  const cookieHeader = (role: Role): Record<string, string> =>
    fx.people[role].cookie ? { cookie: fx.people[role].cookie } : {};

  /** One viewer's request: its status against the rules, its bytes against every marker. */
  async function check(key: string, route: RouteCase, role: Role, chatName: ChatName, planned: Request) {
    const problems: string[] = [];
    const t: Target = { role, chat: fx.chats[chatName], fx };
    const request = { method: key.split(' ')[0]!, ...planned };
    const headers = cookieHeader(role);
    if (!['GET', 'HEAD'].includes(request.method)) headers.origin = fx.appOrigin;
    const response = await send(fx.baseUrl, request, headers);
    const body = response.body + (await followPreviewLinks(response));
    const want = expectedStatus(route, t);
    const label = `${key} — ${role} on ${chatName} (${request.method} ${request.path})`;
    if (response.status !== want) {
      problems.push(`${label}: ${response.status}, expected ${want}: ${response.body.slice(0, 160)}`);
    }
    const found = scan(label, role, body);
    return { problems: [...problems, ...found.problems], seen: found.seen };
  }

  /** The markers a body holds: its owner's are seen, anyone else's a problem. */
  function scan(label: string, role: Role, body: string) {
    const problems: string[] = [];
    const seen: string[] = [];
    // Compared without case: a slug carries the prompt lowercased.
    const text = body.toLowerCase();
    for (const chat of Object.values(fx.chats)) {
      for (const marker of chat.markers) {
        if (!text.includes(marker.toLowerCase())) continue;
        if (chat.ownerRole === role) seen.push(marker);
        else problems.push(`${label}: holds ${marker} of ${chat.name}`);
      }
    }
    return { problems, seen };
  }

  it('each answer has the policy’s status, and no private byte reaches anyone else', async () => {
    const problems: string[] = [];
    // What the owners got: the markers must be reachable, or their absence elsewhere proves nothing.
    const ownersSaw = new Set<string>();
    // Every viewer's live stream of every chat, open while the routes below change the chats:
    // what a stream carries (each new version, rename, visibility change) is checked like an answer.
    const streams = CHAT_CASES.map(([role, chat]) => ({
      role,
      chat,
      stream: openStream(fx.baseUrl, `/api/chats/${fx.chats[chat].id}/events`, cookieHeader(role)),
    }));
    const STREAM = ROUTES['GET /api/chats/:chatId/events']!;
    for (const { role, chat, stream } of streams) {
      const status = await stream.status;
      const want = expectedStatus(STREAM, { role, chat: fx.chats[chat], fx });
      if (status !== want)
        problems.push(`events of ${chat} held open by ${role}: ${status}, expected ${want}`);
    }
    // Route after route (the table's order: reads, then changes); one route's viewers at once,
    // each on a chat of their own or only reading, so they do not step on each other.
    for (const [key, route] of Object.entries(ROUTES)) {
      const cases: [Role, ChatName][] =
        isCapability(route.needs) || route.perChat
          ? CHAT_CASES
          : ROLES.map((role): [Role, ChatName] => [role, 'premiumPrivate']);
      // Every viewer's request is made before any is sent: one viewer's change (the owner deleting
      // the newest version) must not change what another's request names.
      const planned = await Promise.all(
        cases.map(([role, chat]) => route.request({ role, chat: fx.chats[chat], fx })),
      );
      const results = await Promise.all(
        cases.map(([role, chat], index) => check(key, route, role, chat, planned[index]!)),
      );
      for (const result of results) {
        problems.push(...result.problems);
        for (const marker of result.seen) ownersSaw.add(marker);
      }
    }
    for (const { role, chat, stream } of streams) {
      stream.close();
      const found = scan(`events of ${chat} held open by ${role}`, role, stream.received());
      problems.push(...found.problems);
      for (const marker of found.seen) ownersSaw.add(marker);
    }
    expect(problems).toEqual([]);
    // Each marker reached its owner through some route: the search above looked for real bytes.
    const planted = Object.values(fx.chats).flatMap((chat) => chat.markers);
    expect(planted.filter((marker) => !ownersSaw.has(marker))).toEqual([]);
  }, 120_000);
});
