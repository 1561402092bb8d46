import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, customDomains } from '../../src/server/db/schema/index.ts';
import { SiteCache } from '../../src/server/hosting/site-cache.ts';
import { SiteDirectory } from '../../src/server/hosting/site-directory.ts';
import { siteHostMiddleware } from '../../src/server/hosting/index.ts';
import { Hono } from 'hono';
import { signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, createVersion, templateWith, type TestKiln } from './preview-helpers.ts';
import { TestClient } from './test-app.ts';

const HTML_PAGE = `<!doctype html><html><head>
<script src="https://cdn.tailwindcss.com"></script>
<link rel="stylesheet" href="style.css"></head><body><h1>Hello from the deployed page</h1></body></html>`;

const reactApp = (text: string) =>
  templateWith('react', {
    'src/App.tsx': `export default function App() { return <h1>${text}</h1>; }`,
    'public/_headers': '/embed/*\n  Content-Security-Policy: frame-ancestors https://partner.example\n',
  });

/** A request to a site host, as a browser would send it. */
function site(kiln: TestKiln, host: string, pathname = '/', headers: Record<string, string> = {}) {
  return kiln.app.request(`http://${host}${pathname}`, { headers: { host, ...headers } });
}

describe('deployments: deploy, serve, update, undeploy (issue 14)', () => {
  let kiln: TestKiln;
  let owner: Awaited<ReturnType<typeof signedUpUser>>;

  beforeAll(async () => {
    kiln = await createPreviewKiln();
    kiln.services.preview.start();
    owner = await signedUpUser(kiln, { premium: true });
  });
  afterAll(async () => kiln?.close());

  const deploy = (client: TestClient, chatId: string, body: unknown) =>
    client.request(`/api/chats/${chatId}/deployment`, { method: 'POST', json: body });

  it("an HTML version: deployed on its subdomain with Kiln's local CDN copies, framed by nobody else", async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [
        { name: 'index.html', content: HTML_PAGE },
        { name: 'style.css', content: 'h1 { color: teal; }' },
      ],
    });
    const response = await deploy(owner.client, chatId, { subdomain: 'hello-page', version });
    expect(response.status).toBe(200);
    const view = await response.json();
    expect(view).toMatchObject({
      isDeployed: true,
      subdomain: 'hello-page',
      version,
      subdomainUrl: 'http://hello-page.localhost:3000/',
      liveUrl: 'http://hello-page.localhost:3000/',
      customDomain: null,
    });

    const page = await site(kiln, 'hello-page.localhost:3000');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Hello from the deployed page');
    expect(html).toContain('/_kiln/vendor/');
    expect(html).not.toContain('cdn.tailwindcss.com');
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const vendor = html.match(/\/_kiln\/vendor\/[^"']+/)![0];
    expect((await site(kiln, 'hello-page.localhost:3000', vendor)).status).toBe(200);
    const css = await site(kiln, 'hello-page.localhost:3000', '/style.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    // The icon a browser asks for by itself: no 404 in the visitor's console when the site has none
    // (issue 35 item 4); any other missing file is still a 404.
    const icon = await site(kiln, 'hello-page.localhost:3000', '/favicon.ico');
    expect(icon.status).toBe(204);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400');
    expect((await site(kiln, 'hello-page.localhost:3000', '/missing.png')).status).toBe(404);

    // The header badge of every viewer.
    const [chat] = await kiln.services.db.select().from(chats).where(eq(chats.id, chatId));
    const data = await (await new TestClient(kiln).request(`/api/chats/by-slug/${chat!.slug}`)).json();
    expect(data.deployment).toMatchObject({ version, liveUrl: 'http://hello-page.localhost:3000/' });
  });

  it("a React version: waits for the build, serves the built output with SPA fallback, caching, compression and the site's _headers", async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'react',
      files: reactApp('Deployed React one'),
    });
    const response = await deploy(owner.client, chatId, { subdomain: 'react-one', version });
    expect(response.status).toBe(200);

    const host = 'react-one.localhost:3000';
    const index = await site(kiln, host);
    expect(index.status).toBe(200);
    const html = await index.text();
    expect(html).toContain('<div id="root">');
    // Frame scripts are for framed previews, not sites.
    expect(html).not.toContain('kiln-frame');
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const asset = await site(kiln, host, script, { 'accept-encoding': 'br, gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    const js = zlib.brotliDecompressSync(Buffer.from(await asset.arrayBuffer())).toString('utf8');
    expect(js).toContain('Deployed React one');
    const gzipped = await site(kiln, host, script, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const etag = asset.headers.get('etag')!;
    expect((await site(kiln, host, script, { 'if-none-match': etag })).status).toBe(304);

    // Client-side routes get index.html; a missing file is a 404, not the app.
    const route = await site(kiln, host, '/settings/profile');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    expect((await site(kiln, host, '/assets/missing.js')).status).toBe(404);
    // The site's configuration file is never served (the path falls back to the app).
    expect(await (await site(kiln, host, '/_headers')).text()).not.toContain('partner.example');
    // The site's own _headers lets a partner frame /embed/*, and only that.
    const embed = await site(kiln, host, '/embed/widget');
    expect(embed.headers.get('content-security-policy')).toBe('frame-ancestors https://partner.example');
    expect(embed.headers.get('x-frame-options')).toBeNull();
    // Kiln's TLS question is asked at Kiln's own address; on a site the path is the site's.
    expect(await (await site(kiln, host, '/api/tls/ask?domain=react-one.localhost')).text()).toContain(
      '<div id="root">',
    );
    // Only reads.
    const post = await kiln.app.request(`http://${host}/`, { method: 'POST', headers: { host } });
    expect(post.status).toBe(405);
  });

  it('update to another version and subdomain, "No changes", then undeploy → the "Not deployed" page', async () => {
    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: '<h1>Version one</h1>' }],
    });
    await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      chatId,
      version: 2,
      files: [{ name: 'index.html', content: '<h1>Version two</h1>' }],
    });
    // Another web process: its own directory (answers kept for a minute) and cache, told of
    // changes by the realtime fan-out only (issue 34).
    const otherDirectory = new SiteDirectory(
      kiln.services.db,
      { host: 'localhost', previewHosts: ['preview.localhost'] },
      kiln.services.realtime,
    );
    const other = new Hono().use(
      '*',
      siteHostMiddleware({
        directory: otherDirectory,
        cache: new SiteCache(kiln.services.blobs, 1024 * 1024),
        kilnHost: 'localhost',
      }),
    );
    const atOther = (host: string) => other.request(`http://${host}/`, { headers: { host } });
    expect((await atOther('updating.localhost')).status).toBe(404);
    expect((await deploy(owner.client, chatId, { subdomain: 'updating', version: 1 })).status).toBe(200);
    expect(await (await site(kiln, 'updating.localhost')).text()).toContain('Version one');
    expect(await (await atOther('updating.localhost')).text()).toContain('Version one');

    const patch = (body: unknown) =>
      owner.client.request(`/api/chats/${chatId}/deployment`, { method: 'PATCH', json: body });
    const same = await patch({ subdomain: 'updating', version: 1 });
    expect(same.status).toBe(400);
    expect((await same.json()).error).toMatchObject({
      code: 'no-changes',
      title: 'No changes',
      message: 'No changes detected.',
    });

    const updated = await patch({ subdomain: 'updated', version: 2 });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ subdomain: 'updated', version: 2 });
    expect(await (await site(kiln, 'updated.localhost')).text()).toContain('Version two');
    // The old subdomain is free again and shows nothing, in every process at once.
    expect((await site(kiln, 'updating.localhost')).status).toBe(404);
    expect((await atOther('updating.localhost')).status).toBe(404);
    expect(await (await atOther('updated.localhost')).text()).toContain('Version two');

    const undeployed = await owner.client.request(`/api/chats/${chatId}/deployment`, { method: 'DELETE' });
    expect(await undeployed.json()).toMatchObject({ isDeployed: false, subdomain: null });
    const gone = await site(kiln, 'updated.localhost');
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('Not deployed');
    expect((await atOther('updated.localhost')).status).toBe(404);
    otherDirectory.close();
  });

  it('a deployment is pinned: it is still served after the preview cache lost the build, by a process that never built it', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'react',
      files: reactApp('Pinned deployment'),
    });
    expect((await deploy(owner.client, chatId, { subdomain: 'pinned', version })).status).toBe(200);
    // Every built output evicted from the preview cache.
    const builds = path.join(kiln.dataDir, 'builds');
    for (const entry of fs.readdirSync(builds))
      fs.rmSync(path.join(builds, entry), { recursive: true, force: true });
    // A fresh cache and directory: another web process on the same database and blob store.
    const other = new Hono().use(
      '*',
      siteHostMiddleware({
        directory: new (
          kiln.services.hosting.directory
            .constructor as typeof import('../../src/server/hosting/site-directory.ts').SiteDirectory
        )(kiln.services.db, { host: 'localhost', previewHosts: ['preview.localhost'] }),
        cache: new SiteCache(kiln.services.blobs, 1024 * 1024),
        kilnHost: 'localhost',
      }),
    );
    const page = await other.request('http://pinned.localhost/', { headers: { host: 'pinned.localhost' } });
    expect(page.status).toBe(200);
    const script = (await page.text()).match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const js = await other.request(`http://pinned.localhost${script}`, {
      headers: { host: 'pinned.localhost' },
    });
    expect(await js.text()).toContain('Pinned deployment');
  });

  it('a version that fails to build cannot be deployed: "Deployment failed" with the build error', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'react',
      files: templateWith('react', {
        'src/App.tsx': 'export default function App() { return <h1>broken</h1 }',
      }),
    });
    const response = await deploy(owner.client, chatId, { subdomain: 'broken-build', version });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: 'build-failed', title: 'Deployment failed' });
    expect(error.message).toMatch(/^(Syntax Error|Compilation Failed|Build Error): /);
    const [chat] = await kiln.services.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat).toMatchObject({ isDeployed: false, deploySubdomain: null });
  });

  it('a version that ended by an error or was cut off is not deployed: it holds only part of its code', async () => {
    for (const finishReason of ['error', 'length'] as const) {
      const { chatId, version } = await createVersion(kiln, {
        userId: owner.userId,
        framework: 'html',
        finishReason,
        files: [{ name: 'index.html', content: '<h1>half</h1>' }],
      });
      const response = await deploy(owner.client, chatId, { subdomain: `half-${finishReason}`, version });
      expect(response.status).toBe(409);
      expect((await response.json()).error).toMatchObject({
        code: 'version-not-finished',
        title: 'Deployment failed',
      });
    }
  });

  it("subdomains: the spec's rule, reserved names, taken names; two owners racing for one: one wins", async () => {
    const check = async (name: string) => owner.client.request(`/api/deployments/subdomains/${name}`);
    const invalid = await check('-bad-');
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toBe(
      'Subdomain must be 3-63 characters, contain only lowercase letters, numbers, and hyphens, and start/end with a letter or number.',
    );
    for (const reserved of [
      'www',
      'api',
      'app',
      'admin',
      'preview',
      'webcontainer',
      'mail',
      'static',
      // Names clients look up by themselves, and punycode look-alikes (issue 31 item 6).
      'wpad',
      'mta-sts',
      'autoconfig',
      'autodiscover',
      'isatap',
      'xn--pple-43d',
    ]) {
      expect(await (await check(reserved)).json()).toEqual({
        available: false,
        reason: `'${reserved}' is reserved.`,
      });
    }
    expect(await (await check('free-name-42')).json()).toEqual({ available: true, reason: null });
    const reservedDeploy = await deploy(owner.client, 'whatever', { subdomain: 'api', version: 1 });
    expect(reservedDeploy.status).toBe(404);
    const mine = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: '<h1>look-alike</h1>' }],
    });
    for (const subdomain of ['wpad', 'xn--pple-43d']) {
      const refused = await deploy(owner.client, mine.chatId, { subdomain, version: 1 });
      expect(refused.status, subdomain).toBe(409);
      expect((await refused.json()).error).toMatchObject({
        code: 'subdomain-unavailable',
        title: 'Subdomain unavailable',
      });
      expect((await site(kiln, `${subdomain}.localhost`)).status).toBe(404);
    }

    const other = await signedUpUser(kiln, { premium: true });
    const files = [{ name: 'index.html', content: '<h1>race</h1>' }];
    const first = await createVersion(kiln, { userId: owner.userId, framework: 'html', files });
    const second = await createVersion(kiln, { userId: other.userId, framework: 'html', files });
    const results = await Promise.all([
      deploy(owner.client, first.chatId, { subdomain: 'contested', version: 1 }),
      deploy(other.client, second.chatId, { subdomain: 'contested', version: 1 }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect((await loser.json()).error).toMatchObject({
      code: 'subdomain-unavailable',
      title: 'Subdomain unavailable',
    });
    expect(await (await check('contested')).json()).toMatchObject({ available: false });
  });

  it('permissions: visitor, signed-in stranger, free owner, stranger on a private chat', async () => {
    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: '<h1>perm</h1>' }],
    });
    const visitor = new TestClient(kiln);
    const stranger = await signedUpUser(kiln, { premium: true });
    const free = await signedUpUser(kiln);
    const freeChat = await createVersion(kiln, {
      userId: free.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: 'x' }],
    });
    const privateChat = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      isPrivate: true,
      files: [{ name: 'index.html', content: 'secret' }],
    });

    const body = { subdomain: 'perm-test', version: 1 };
    const denied = async (
      client: TestClient,
      id: string,
      method: string,
      status: number,
      message?: string,
    ) => {
      const response = await client.request(`/api/chats/${id}/deployment`, {
        method,
        json: method === 'DELETE' ? undefined : body,
      });
      expect(response.status).toBe(status);
      if (message) expect((await response.json()).error.message).toBe(message);
    };
    await denied(visitor, chatId, 'POST', 401);
    await denied(stranger.client, chatId, 'POST', 403, 'Only the owner can deploy this application.');
    await denied(stranger.client, chatId, 'PATCH', 403, 'Only the owner can update the subdomain.');
    await denied(stranger.client, chatId, 'DELETE', 403, 'Only the owner can undeploy this application.');
    await denied(
      free.client,
      freeChat.chatId,
      'POST',
      402,
      'Deployment is a premium feature. Upgrade to deploy your applications.',
    );
    await denied(stranger.client, privateChat.chatId, 'POST', 404);
    expect((await stranger.client.request(`/api/chats/${chatId}/deployment`)).status).toBe(403);
    expect((await visitor.request('/api/deployments/subdomains/anything')).status).toBe(401);
    expect((await visitor.request('/api/custom-domains/availability?domain=example.com')).status).toBe(401);
    await denied(stranger.client, chatId, 'POST', 403);
    // The custom domain: the same roles, the same answers.
    const addDomain = (client: TestClient, id: string) =>
      client.request(`/api/chats/${id}/custom-domain`, {
        method: 'POST',
        json: { domain: 'perm.example.com' },
      });
    expect((await addDomain(visitor, chatId)).status).toBe(401);
    expect((await addDomain(stranger.client, chatId)).status).toBe(403);
    expect((await addDomain(free.client, freeChat.chatId)).status).toBe(402);
    expect((await addDomain(stranger.client, privateChat.chatId)).status).toBe(404);
    expect((await visitor.request(`/api/chats/${chatId}/custom-domain`)).status).toBe(401);
    const [chat] = await kiln.services.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat!.isDeployed).toBe(false);
  });

  it('no Kiln cookie can reach a site: the session cookie is host-only', async () => {
    const client = new TestClient(kiln);
    const email = `cookies-${Date.now()}@example.com`;
    const signUp = (await client.signUp(email)).headers.getSetCookie();
    const signIn = (await client.signIn(email)).headers.getSetCookie();
    const all = [...signUp, ...signIn];
    expect(all.some((cookie) => /session_token/.test(cookie))).toBe(true);
    for (const cookie of all) expect(cookie).not.toMatch(/;\s*domain=/i);
  });
});

describe('custom domains and the TLS ask endpoint (issue 14)', () => {
  let kiln: TestKiln;
  let owner: Awaited<ReturnType<typeof signedUpUser>>;
  let chatId: string;

  beforeAll(async () => {
    kiln = await createPreviewKiln();
    owner = await signedUpUser(kiln, { premium: true });
    ({ chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: '<h1>Shop on its own domain</h1>' }],
    }));
  });
  afterAll(async () => kiln?.close());

  const add = (client: TestClient, id: string, domain: string) =>
    client.request(`/api/chats/${id}/custom-domain`, { method: 'POST', json: { domain } });
  const ask = (domain: string) => kiln.app.request(`/api/tls/ask?domain=${encodeURIComponent(domain)}`);

  it("needs a deployment first, then takes one valid domain that is nobody else's", async () => {
    const early = await add(owner.client, chatId, 'shop.example.com');
    expect(early.status).toBe(409);
    expect((await early.json()).error.code).toBe('deployment-required');

    await owner.client.request(`/api/chats/${chatId}/deployment`, {
      method: 'POST',
      json: { subdomain: 'shop-site', version: 1 },
    });
    const required = await add(owner.client, chatId, '  ');
    expect((await required.json()).error).toMatchObject({
      title: 'Domain required',
      message: 'Please enter a domain name',
    });
    for (const [domain, reason] of [
      ['localhost', /not a valid domain name/],
      ['shop-site.localhost', /belongs to this Kiln server/],
      ['10.1.2.3', /not a valid domain name|IP address/],
    ] as const) {
      const response = await add(owner.client, chatId, domain);
      expect(response.status).toBe(409);
      const { error } = await response.json();
      expect(error.title).toBe('Domain unavailable');
      expect(error.message).toMatch(reason);
    }

    const added = await add(owner.client, chatId, 'https://Shop.Example.com/');
    expect(added.status).toBe(201);
    const domain = await added.json();
    expect(domain).toMatchObject({
      domain: 'shop.example.com',
      isVerified: false,
      sslStatus: 'pending',
      records: {
        txt: { host: '_kiln-verify.shop.example.com', value: domain.verificationToken },
        cname: { host: 'shop.example.com', value: 'localhost' },
      },
    });
    expect(domain.verificationToken).toMatch(/^kiln-verify-[0-9a-f]{32}$/);
    const second = await add(owner.client, chatId, 'other.example.com');
    expect((await second.json()).error.code).toBe('custom-domain-exists');

    // Another owner, who will want it too.
    const other = await signedUpUser(kiln, { premium: true });
    const theirs = await createVersion(kiln, {
      userId: other.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: 'x' }],
    });
    await other.client.request(`/api/chats/${theirs.chatId}/deployment`, {
      method: 'POST',
      json: { subdomain: 'theirs', version: 1 },
    });
    // An unverified claim does not hold a name: someone else may claim it too, and both claims stay
    // (the first to verify holds it: custom-domain-claims.test.ts).
    const squatter = await signedUpUser(kiln, { premium: true });
    const squat = await createVersion(kiln, {
      userId: squatter.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: 'squat' }],
    });
    await squatter.client.request(`/api/chats/${squat.chatId}/deployment`, {
      method: 'POST',
      json: { subdomain: 'squatter', version: 1 },
    });
    expect((await add(squatter.client, squat.chatId, 'claimed-later.example.com')).status).toBe(201);
    const claim = await add(other.client, theirs.chatId, 'claimed-later.example.com');
    expect(claim.status).toBe(201);
    const squatView = await (
      await squatter.client.request(`/api/chats/${squat.chatId}/custom-domain`)
    ).json();
    expect(squatView.customDomain).toMatchObject({ domain: 'claimed-later.example.com', isVerified: false });
    await other.client.request(`/api/custom-domains/${(await claim.json()).id}`, { method: 'DELETE' });

    // Strangers cannot see, verify or remove it.
    for (const [method, suffix] of [
      ['POST', '/verify'],
      ['POST', '/ssl-status'],
      ['DELETE', ''],
    ] as const) {
      const response = await other.client.request(`/api/custom-domains/${domain.id}${suffix}`, { method });
      expect(response.status).toBe(404);
    }
    expect((await other.client.request(`/api/chats/${chatId}/custom-domain`)).status).toBe(403);

    // Unverified: no certificate, no site.
    expect((await ask('shop.example.com')).status).toBe(404);
    const unverified = await kiln.app.request('http://shop.example.com/', {
      headers: { host: 'shop.example.com' },
    });
    expect(await unverified.text()).not.toContain('Shop on its own domain');

    // Verified (the DNS check is tested against a real DNS server in dns-verification/hosting-tls tests).
    await kiln.services.db
      .update(customDomains)
      .set({ isVerified: true, verifiedAt: new Date() })
      .where(eq(customDomains.id, domain.id));
    kiln.services.hosting.directory.forgetAll();
    expect((await ask('shop.example.com')).status).toBe(200);
    const served = await kiln.app.request('http://shop.example.com/', {
      headers: { host: 'shop.example.com' },
    });
    expect(await served.text()).toContain('Shop on its own domain');
    // Verified, it is nobody else's.
    const taken = await add(other.client, theirs.chatId, 'shop.example.com');
    expect((await taken.json()).error).toMatchObject({
      title: 'Domain unavailable',
      message: 'shop.example.com is already used by another project.',
    });
    const availability = await other.client.request(
      '/api/custom-domains/availability?domain=shop.example.com',
    );
    expect(await availability.json()).toMatchObject({ available: false });

    const view = await (await owner.client.request(`/api/chats/${chatId}/deployment`)).json();
    expect(view).toMatchObject({
      customDomain: 'shop.example.com',
      liveUrl: 'http://shop.example.com:3000/',
    });

    // Removed: gone from the ask endpoint and the site at once.
    const removed = await owner.client.request(`/api/custom-domains/${domain.id}`, { method: 'DELETE' });
    expect(await removed.json()).toEqual({ deleted: true });
    expect((await ask('shop.example.com')).status).toBe(404);
  });

  it('the ask endpoint answers only for names Kiln serves', async () => {
    expect((await ask('shop-site.localhost')).status).toBe(200);
    expect((await ask('localhost')).status).toBe(200);
    expect((await ask(`${chatId}-1.preview.localhost`)).status).toBe(200);
    for (const name of [
      'not-deployed.localhost',
      'example.org',
      `${chatId}-9.preview.localhost`,
      '',
      'a'.repeat(300),
    ]) {
      expect((await ask(name)).status).toBe(404);
    }
  });
});
