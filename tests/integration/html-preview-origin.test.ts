import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SnapshotFile } from '../../src/core/artifact/index.ts';
import { verifyPreviewToken } from '../../src/server/preview/preview-token.ts';
import { createPreviewToken } from '../../src/server/preview/index.ts';
import { storeAsset } from '../../src/server/storage/assets.ts';
import { makePng } from '../fixtures/png.ts';
import { createUser, createVersion, previewHost, type TestKiln } from './preview-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';

/**
 * Issue 13 item 4, decision 0038: an HTML version is served from its own preview host (a real
 * origin: storage, IndexedDB, service workers and module scripts work), and its spec address
 * `/content/{chatId}/{version}` on the app's origin only redirects there. The app's origin
 * never serves a generated page.
 */

const INDEX = `<!doctype html>
<html data-theme="cupcake"><head>
<script src="https://cdn.tailwindcss.com"></script>
<link href="https://cdn.jsdelivr.net/npm/daisyui@4.12.10/dist/full.min.css" rel="stylesheet">
<link rel="stylesheet" href="style.css">
<script type="module" src="./main.js"></script>
</head><body><h1>Todo</h1><img src="/placeholder.svg"><img src="logo.png"></body></html>`;

const LOGO = makePng(4, 4, 3);
/** A fresh chat's preview token scope: its version, epoch 0 (no visibility change yet). */
const scopeOf = (target: { chatId: string; version: number }) => ({ ...target, epoch: 0 });

describe('HTML versions on their own origin (decision 0038)', () => {
  let kiln: TestKiln;
  let ownerId: string;
  let pub: { chatId: string; version: number };

  async function htmlVersion(options: { userId: string; isPrivate?: boolean }) {
    const logo = await storeAsset(kiln.services.blobs, LOGO, 'image/png');
    const files: Pick<SnapshotFile, 'name' | 'content' | 'binary'>[] = [
      { name: 'index.html', content: INDEX },
      { name: 'about.html', content: '<!doctype html><h1>About us</h1>' },
      { name: 'docs/index.html', content: '<p>Docs</p>' },
      { name: 'main.js', content: "import { items } from './store.js';\nconsole.log(items);" },
      { name: 'store.js', content: 'export const items = [];' },
      { name: 'style.css', content: 'body { color: red; }' },
      { name: 'data.json', content: '{"a":1}' },
      { name: 'logo.png', content: '', binary: { kind: 'blob', ...logo } },
    ];
    return createVersion(kiln, { framework: 'html', files, ...options });
  }

  const onHost = (host: string, path = '/', headers: Record<string, string> = {}) =>
    kiln.app.request(path, { headers: { host, ...headers } });

  beforeAll(async () => {
    kiln = await createTestKiln();
    ownerId = await createUser(kiln);
    pub = await htmlVersion({ userId: ownerId });
  });
  afterAll(async () => kiln?.close());

  it('the preview host serves the files with their types, no sandbox, framed by the app only', async () => {
    const host = `${previewHost(pub.chatId, pub.version)}:3000`;
    const index = await onHost(host);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = index.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('sandbox');
    expect(csp).toBe("frame-ancestors 'self' http://localhost:3000");
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await index.text();
    expect(html).toMatch(/<h1\b[^>]*>Todo<\/h1>/);
    expect(html).toContain('<script type="module" src="./main.js"></script>');
    // CDN references point at Kiln's copies, which the preview host serves itself.
    expect(html).toContain('src="/_kiln/vendor/tailwindcss-browser.js"');
    expect(html).toContain('href="/_kiln/vendor/daisyui.css"');
    expect(html).not.toContain('cdn.');
    expect(html).not.toContain('<base');

    const types: Record<string, string> = {
      '/main.js': 'text/javascript; charset=utf-8',
      '/store.js': 'text/javascript; charset=utf-8',
      '/style.css': 'text/css; charset=utf-8',
      '/data.json': 'application/json; charset=utf-8',
      '/logo.png': 'image/png',
      '/placeholder.svg': 'image/svg+xml',
      '/_kiln/vendor/tailwindcss-browser.js': 'text/javascript; charset=utf-8',
      '/_kiln/vendor/daisyui.css': 'text/css; charset=utf-8',
    };
    for (const [path, type] of Object.entries(types)) {
      const response = await onHost(host, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    expect(await (await onHost(host, '/store.js')).text()).toBe('export const items = [];');
    // A binary file's bytes, read from the blob store.
    expect(new Uint8Array(await (await onHost(host, '/logo.png')).arrayBuffer())).toEqual(LOGO);
    expect(await (await onHost(host, '/_kiln/vendor/daisyui.css')).text()).toContain('[data-theme=cupcake]');
  });

  it('answers /x with x.html, a folder with its index.html, and a 404 page otherwise', async () => {
    const host = previewHost(pub.chatId, pub.version);
    expect(await (await onHost(host, '/about')).text()).toMatch(/<h1\b[^>]*>About us<\/h1>/);
    expect(await (await onHost(host, '/about.html')).text()).toMatch(/<h1\b[^>]*>About us<\/h1>/);
    expect(await (await onHost(host, '/docs')).text()).toMatch(/<p\b[^>]*>Docs<\/p>/);
    expect(await (await onHost(host, '/docs/')).text()).toMatch(/<p\b[^>]*>Docs<\/p>/);
    for (const path of ['/nope.js', '/nope', '/docs/nope.html', '/%E0%A4%A', '/_kiln/vendor/nope.js']) {
      const response = await onHost(host, path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(await response.text(), path).toContain('Page not found');
    }
  });

  it('the webcontainer host (fullscreen) serves the same version', async () => {
    const host = `${pub.chatId}-${pub.version}.webcontainer.localhost`;
    const index = await onHost(host);
    expect(index.status).toBe(200);
    expect(await index.text()).toMatch(/<h1\b[^>]*>Todo<\/h1>/);
    expect(await (await onHost(host, '/main.js')).text()).toContain("from './store.js'");
  });

  it('a framed page hands external links to the editor instead of leaving the preview', async () => {
    const html = await (await onHost(previewHost(pub.chatId, pub.version))).text();
    const guard = html.indexOf('<script data-kiln-preview>');
    expect(guard).toBeGreaterThan(html.indexOf('<head>'));
    expect(guard).toBeLessThan(html.indexOf('<script src="/_kiln/vendor/'));
    // A page without <head> keeps its doctype first (a script before it would mean quirks mode).
    const about = await (await onHost(previewHost(pub.chatId, pub.version), '/about')).text();
    expect(about.startsWith('<!doctype html><script data-kiln-preview>')).toBe(true);
  });

  it('a private version: 404 without a token; a token becomes a cookie the framed preview keeps (Lax on plain http)', async () => {
    const secret = await htmlVersion({ userId: ownerId, isPrivate: true });
    const host = previewHost(secret.chatId, secret.version);
    expect((await onHost(host)).status).toBe(404);
    const forged = createPreviewToken('another secret of more than 32 characters', scopeOf(secret));
    expect((await onHost(host, `/?token=${forged}`)).status).toBe(404);
    const otherChat = createPreviewToken(kiln.services.preview.secret, scopeOf(pub));
    expect((await onHost(host, `/main.js?token=${otherChat}`)).status).toBe(404);

    const token = createPreviewToken(kiln.services.preview.secret, scopeOf(secret));
    const redirect = await onHost(host, `/about?token=${token}&tab=2`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/about?tab=2');
    const cookie = redirect.headers.get('set-cookie')!;
    // The editor (localhost) and *.preview.localhost are different sites: a Lax cookie would
    // not be sent to the framed preview. Partitioned keeps it to frames of this top-level site.
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=None/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Partitioned/);
    expect(cookie).not.toContain('Domain=');
    const withCookie = { cookie: cookie.split(';')[0]! };
    const page = await onHost(host, '/about', withCookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<h1\b[^>]*>About us<\/h1>/);
    expect((await onHost(host, '/main.js', withCookie)).status).toBe(200);

    // Over plain http on a domain the browser refuses a Secure cookie: Lax there.
    const onDomain = await createTestKiln({ KILN_HOST: 'kiln.test' });
    try {
      const other = await createVersion(onDomain, {
        userId: await createUser(onDomain),
        framework: 'html',
        isPrivate: true,
        files: [{ name: 'index.html', content: '<p>private</p>' }],
      });
      const domainToken = createPreviewToken(onDomain.services.preview.secret, scopeOf(other));
      const answer = await onDomain.app.request(`/?token=${domainToken}`, {
        headers: { host: `${other.chatId}-${other.version}.preview.kiln.test:3000` },
      });
      expect(answer.status).toBe(302);
      const laxCookie = answer.headers.get('set-cookie')!;
      expect(laxCookie).toContain('SameSite=Lax');
      expect(laxCookie).not.toMatch(/Secure|Partitioned/);
    } finally {
      await onDomain.close();
    }
  });

  it('/content/{chatId}/{version}[/path] redirects to the preview host, path and query kept', async () => {
    const base = `http://${previewHost(pub.chatId, pub.version)}:3000`;
    const cases: Record<string, string> = {
      [`/content/${pub.chatId}/${pub.version}`]: `${base}/`,
      [`/content/${pub.chatId}/${pub.version}/`]: `${base}/`,
      [`/content/${pub.chatId}/${pub.version}/about.html?x=1`]: `${base}/about.html?x=1`,
      [`/content/${pub.chatId}/${pub.version}/docs/a%20b.html`]: `${base}/docs/a%20b.html`,
    };
    for (const [path, location] of Object.entries(cases)) {
      const response = await kiln.app.request(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe(location);
      // The app's origin answers with no generated byte.
      expect(await response.text(), path).not.toContain('Todo');
    }
    for (const path of [
      `/content/${pub.chatId}/${pub.version}/%E0%A4%A`,
      `/content/${pub.chatId}/0`,
      `/content/unknown-chat/1`,
      `/content/${pub.chatId}/99`,
    ]) {
      expect((await kiln.app.request(path)).status, path).toBe(404);
    }
  });

  it("/content of a private chat: a stranger's 404; its owner is sent on with a fresh token", async () => {
    const owner = new TestClient(kiln);
    await owner.signUp('html-origin-owner@example.com');
    const secret = await htmlVersion({ userId: (await owner.me()).user!.id, isPrivate: true });
    const path = `/content/${secret.chatId}/${secret.version}/about`;

    const stranger = new TestClient(kiln);
    await stranger.signUp('html-origin-stranger@example.com');
    for (const viewer of [stranger, new TestClient(kiln)]) {
      const refused = await viewer.request(path);
      expect(refused.status).toBe(404);
      expect(refused.headers.get('location')).toBeNull();
      expect(await refused.text()).not.toContain('About us');
    }

    const redirect = await owner.request(path);
    expect(redirect.status).toBe(302);
    const location = new URL(redirect.headers.get('location')!);
    expect(location.origin).toBe(`http://${previewHost(secret.chatId, secret.version)}:3000`);
    expect(location.pathname).toBe('/about');
    const token = location.searchParams.get('token')!;
    expect(verifyPreviewToken(kiln.services.preview.secret, scopeOf(secret), token)).toBe(true);
    // Following it as a browser would: the token becomes a cookie, then the page.
    const host = location.host;
    const step = await onHost(host, `${location.pathname}${location.search}`);
    expect(step.status).toBe(302);
    const cookie = step.headers.get('set-cookie')!.split(';')[0]!;
    const page = await onHost(host, step.headers.get('location')!, { cookie });
    expect(await page.text()).toMatch(/<h1\b[^>]*>About us<\/h1>/);
  });

  it('previewUrl and GET /api/chats/:id/preview/:version give the preview host for HTML', async () => {
    expect(kiln.services.preview.previewUrl(pub.chatId, pub.version)).toBe(
      `http://${previewHost(pub.chatId, pub.version)}:3000/`,
    );
    const owner = new TestClient(kiln);
    await owner.signUp('html-origin-api@example.com');
    const userId = (await owner.me()).user!.id;
    const open = await htmlVersion({ userId });
    const secret = await htmlVersion({ userId, isPrivate: true });

    const publicBody = (await (await owner.request(`/api/chats/${open.chatId}/preview/1`)).json()) as {
      status: string;
      url: string;
    };
    expect(publicBody).toMatchObject({ status: 'ready', url: `http://${previewHost(open.chatId, 1)}:3000/` });
    const privateBody = (await (await owner.request(`/api/chats/${secret.chatId}/preview/1`)).json()) as {
      url: string;
    };
    const url = new URL(privateBody.url);
    expect(url.host).toBe(`${previewHost(secret.chatId, 1)}:3000`);
    expect(
      verifyPreviewToken(kiln.services.preview.secret, scopeOf(secret), url.searchParams.get('token')!),
    ).toBe(true);
  });
});
