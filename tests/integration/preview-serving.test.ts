import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/db/schema/index.ts';
import { createPreviewToken } from '../../src/server/preview/index.ts';
import {
  createPreviewKiln,
  createUser,
  createVersion,
  previewHost,
  type TestKiln,
} from './preview-helpers.ts';
import { TestClient } from './test-app.ts';

const HTML_PAGE = `<!doctype html>
<html data-theme="cupcake"><head>
<script src="https://cdn.tailwindcss.com"></script>
<link href="https://cdn.jsdelivr.net/npm/daisyui@4.12.10/dist/full.min.css" rel="stylesheet">
<link rel="stylesheet" href="style.css">
</head><body><a href="about.html">About</a><img src="/placeholder.svg"></body></html>`;

describe('serving previews: HTML content, preview hosts, private tokens, events', () => {
  let kiln: TestKiln;
  let ownerId: string;

  beforeAll(async () => {
    kiln = await createPreviewKiln();
    ownerId = await createUser(kiln);
  });
  afterAll(async () => kiln?.close());

  it('HTML: /content/{chatId}/{version} sends to the preview host, which serves index.html with local Tailwind/daisyUI, and its other files', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: ownerId,
      framework: 'html',
      files: [
        { name: 'index.html', content: HTML_PAGE },
        { name: 'about.html', content: '<h1>About us</h1>' },
        { name: 'style.css', content: 'body { color: red; }' },
      ],
    });
    await kiln.services.preview.requestBuild(chatId, version);
    expect(await kiln.services.preview.getState(chatId, version)).toEqual({ status: 'ready' });

    // The spec's address redirects: the app's origin never serves the generated page (decision 0038).
    const content = await kiln.app.request(`/content/${chatId}/${version}`);
    expect(content.status).toBe(302);
    expect(content.headers.get('location')).toBe(`http://${previewHost(chatId, version)}:3000/`);

    const host = previewHost(chatId, version);
    const index = await kiln.app.request('/', { headers: { host } });
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // Its own origin: no CSP sandbox, so storage and module scripts work.
    expect(index.headers.get('content-security-policy')).not.toContain('sandbox');
    const html = await index.text();
    expect(html).toContain('src="/_kiln/vendor/tailwindcss-browser.js"');
    expect(html).toContain('href="/_kiln/vendor/daisyui.css"');
    expect(html).not.toContain('cdn.');

    const about = await kiln.app.request('/about.html', { headers: { host } });
    expect(await about.text()).toMatch(/<h1\b[^>]*>About us<\/h1>/);
    const css = await kiln.app.request('/style.css', { headers: { host } });
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await kiln.app.request('/nope.js', { headers: { host } })).status).toBe(404);

    const tailwind = await kiln.app.request('/_kiln/vendor/tailwindcss-browser.js');
    expect(tailwind.headers.get('content-type')).toContain('javascript');
    const daisy = await (await kiln.app.request('/_kiln/vendor/daisyui.css')).text();
    expect(daisy).toContain('[data-theme=cupcake]');
    const placeholder = await kiln.app.request('/placeholder.svg');
    expect(placeholder.headers.get('content-type')).toBe('image/svg+xml');
  });

  it("a private chat's HTML is the owner's only; someone else gets 404", async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: ownerId,
      framework: 'html',
      isPrivate: true,
      files: [{ name: 'index.html', content: '<p>secret</p>' }],
    });
    expect((await kiln.app.request(`/content/${chatId}/${version}`)).status).toBe(404);
  });

  it('a preview host of a version not built yet answers a self-refreshing building page', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: ownerId,
      framework: 'react',
      files: [{ name: 'src/App.tsx', content: 'export default () => <p>hi</p>;' }],
    });
    const response = await kiln.app.request('/', {
      headers: { host: `${previewHost(chatId, version)}:3000` },
    });
    expect(response.status).toBe(202);
    const body = await response.text();
    expect(body).toContain('Building preview');
    expect(body).toContain('http-equiv="refresh"');
    expect(await kiln.services.preview.getState(chatId, version)).toEqual({ status: 'initializing' });
  });

  it('a private preview host needs a signed token, which becomes a host-only cookie', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: ownerId,
      framework: 'react',
      isPrivate: true,
      files: [{ name: 'src/App.tsx', content: 'export default () => <p>private</p>;' }],
    });
    const host = previewHost(chatId, version);
    expect((await kiln.app.request('/', { headers: { host } })).status).toBe(404);
    const forged = createPreviewToken('another secret of more than 32 characters', {
      chatId,
      version,
      epoch: 0,
    });
    expect((await kiln.app.request(`/?token=${forged}`, { headers: { host } })).status).toBe(404);
    const otherChat = createPreviewToken(kiln.services.preview.secret, {
      chatId: 'another-chat',
      version,
      epoch: 0,
    });
    expect((await kiln.app.request(`/?token=${otherChat}`, { headers: { host } })).status).toBe(404);

    const token = createPreviewToken(kiln.services.preview.secret, { chatId, version, epoch: 0 });
    const redirect = await kiln.app.request(`/?token=${token}`, { headers: { host } });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('/');
    const cookie = redirect.headers.get('set-cookie')!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).not.toContain('Domain=');
    const withCookie = await kiln.app.request('/', { headers: { host, cookie: cookie.split(';')[0]! } });
    expect(withCookie.status).toBe(202);
  });

  it('GET /api/chats/:id/preview/:version gives the state and, to the owner of a private chat, a token URL', async () => {
    const owner = new TestClient(kiln);
    await owner.signUp('preview-owner@example.com');
    const me = await owner.me();
    const { chatId, version } = await createVersion(kiln, {
      userId: me.user!.id,
      framework: 'vue',
      isPrivate: true,
      files: [{ name: 'src/App.vue', content: '<template><p>x</p></template>' }],
    });
    const response = await owner.request(`/api/chats/${chatId}/preview/${version}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; url: string };
    // Finished but never queued: the first view queues its build (issue 12 item 11).
    expect(body.status).toBe('initializing');
    expect(body.url).toMatch(new RegExp(`^http://${chatId}-1\\.preview\\.localhost:3000/\\?token=`));

    const visitor = new TestClient(kiln);
    expect((await visitor.request(`/api/chats/${chatId}/preview/${version}`)).status).toBe(404);
    expect((await visitor.request(`/api/chats/${chatId}/events`)).status).toBe(404);
  });

  it('GET /api/chats/:id/events streams the chat’s realtime events as server-sent events', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: ownerId,
      framework: 'html',
      files: [{ name: 'index.html', content: '<p>hello</p>' }],
    });
    const controller = new AbortController();
    const response = await kiln.app.request(`/api/chats/${chatId}/events`, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    await kiln.services.preview.requestBuild(chatId, version);
    let text = '';
    while (!text.includes('preview-ready')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    controller.abort();
    await reader.cancel().catch(() => undefined);
    const events = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string });
    expect(events.map((event) => event.type)).toEqual(['message-update', 'build-status', 'preview-ready']);
    const [row] = await kiln.services.db.select().from(messages).where(eq(messages.chatId, chatId));
    expect(row).toBeDefined();
  });
});
