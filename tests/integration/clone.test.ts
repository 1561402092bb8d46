import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLONE_STEPS, type CloneState } from '../../src/core/clone/index.ts';
import { chats, messages } from '../../src/server/db/schema/index.ts';
import type { RealtimeEvent } from '../../src/server/realtime/events.ts';
import { startCloneSite, type CloneSite } from '../fixtures/clone-site/server.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { answer, chatData, signedUpUser, type TestKiln } from './generation-helpers.ts';
import { createTestKiln, type TestClient } from './test-app.ts';

/**
 * Issue 19 item 2: a website cloned from its URL — the analysis job through the spec's steps,
 * via the browser or (when it fails) a guarded fetch, then the first version made from it.
 */

const hasChromium = fs.existsSync('/usr/bin/chromium');
let site: CloneSite;
beforeAll(async () => {
  site = await startCloneSite();
});
afterAll(async () => {
  await site.close();
});

async function startClone(client: TestClient, url: string, prompt = url) {
  const response = await client.request('/api/clone', { method: 'POST', json: { url, prompt } });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; slug: string };
}

async function cloneState(client: TestClient, chatId: string): Promise<CloneState> {
  const response = await client.request(`/api/chats/${chatId}/clone`);
  return ((await response.json()) as { clone: CloneState }).clone;
}

async function finished(kiln: TestKiln, client: TestClient, chatId: string): Promise<CloneState> {
  await expect
    .poll(async () => (await cloneState(client, chatId)).status, { timeout: 60_000, interval: 100 })
    .not.toBe('running');
  await kiln.services.clone.idle();
  await kiln.services.generation.settle();
  return cloneState(client, chatId);
}

async function versionsOf(kiln: TestKiln, chatId: string) {
  const rows = await kiln.services.db.select().from(messages).where(eq(messages.chatId, chatId));
  return rows.map((row) => `${row.role}:${row.version}`).sort();
}

describe('clone through the fallback fetch (no browser)', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln({
      KILN_CLONE_ALLOW_PRIVATE: 'true',
      KILN_CHROMIUM_PATH: '/nonexistent/chromium',
      KILN_DEMO_DELAY_MS: '0',
    });
  });
  afterAll(async () => {
    await kiln.close();
  });

  it('goes through the steps, says it fell back, and the demo model builds version 1 from the page', async () => {
    const { client } = await signedUpUser(kiln, { premium: true });
    const chat = await startClone(client, `${site.url}/gated`, `Clone a website ${site.url}/gated`);
    // While the page is loading: the chat is a clone with its version -1 placeholder.
    const [row] = await kiln.services.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row!.cloneUrl).toBe(`${site.url}/gated`);
    expect(await versionsOf(kiln, chat.id)).toEqual(['user:-1']);
    await expect
      .poll(async () => (await cloneState(client, chat.id)).step, { timeout: 30_000 })
      .toBe('loading');

    const events: CloneState[] = [];
    kiln.services.realtime.subscribe(chat.id, (event: RealtimeEvent) => {
      if (event.type === 'clone') events.push(event.state);
    });
    site.openGate();
    const state = await finished(kiln, client, chat.id);

    expect(state).toMatchObject({ status: 'done', percent: 100, screenshot: null, error: null });
    expect(state.notice).toMatch(
      /^Analysis encountered an issue: .+ Using fallback analysis methods instead\.$/,
    );
    // Every tab hears the steps after loading, in the spec's order and percentages.
    const steps = events.filter((event) => event.status === 'running').map((e) => [e.step, e.percent]);
    expect(steps).toEqual(
      CLONE_STEPS.filter((step) => ['extracting', 'design', 'finalizing'].includes(step.id)).map((step) => [
        step.id,
        step.percent,
      ]),
    );
    expect(events.at(-1)!.status).toBe('done');

    expect(await versionsOf(kiln, chat.id)).toEqual(['assistant:1', 'user:1']);
    const { data } = await chatData(client, chat.slug);
    const snapshot = data.snapshots[1] as string;
    // Built from the extracted title, headings, links and colours.
    expect(snapshot).toContain('Fresh bread every morning');
    expect(snapshot).toContain('Sourdough');
    expect(snapshot).toContain(`${site.url}/about`);
    // Issue 35 item 8: what the page says reaches the first version — the subtitle, the button,
    // every card's description and price, the footer — and the header keeps its own brown (the
    // page's text colour is darker: the darkest colour is not the header's).
    expect(snapshot).toContain('Baked by hand in Lisbon since 1984, with flour from our own mill.');
    expect(snapshot).toMatch(/<button [^>]*>Order for pickup<\/button>/);
    for (const text of [
      'Our sourdough rises for thirty-six hours before it is baked in a stone oven, giving it a deep flavour.',
      'A fresh loaf at your door every Saturday, with a pastry of the week.',
      '>$12<',
      '>€3.50<',
      '>€9.99/mo<',
      '© 2024 Solar Bakery · 12 Rua do Sol, Lisbon · Closed on Mondays',
    ]) {
      expect(snapshot).toContain(text);
    }
    expect(snapshot).toMatch(/<header class(?:Name)?="bg-\[#7c4a2d\]/);
    expect(data.lastUserMessage.content).toBe(`Clone a website ${site.url}/gated`);
    const job = await kiln.services.db.query.jobs.findFirst({
      where: (jobs, { eq: is }) => is(jobs.key, `clone:${chat.id}`),
    });
    expect(job!.result).toMatchObject({ success: true, via: 'fetch', error: null });
    const result = job!.result as { data: { markdown: string; html: string } };
    expect(result.data.markdown).toContain('Our sourdough rises for thirty-six hours');
    expect(result.data.html).toContain('<h1>Fresh bread every morning</h1>');
    expect(result.data.html).not.toContain('<script');
  });

  it("says 'Failed to analyze website' when the page cannot be fetched either, and leaves no placeholder", async () => {
    const { client } = await signedUpUser(kiln, { premium: true });
    const closed = await startCloneSite();
    const url = `${closed.url}/`;
    await closed.close();
    const chat = await startClone(client, url);
    const state = await finished(kiln, client, chat.id);
    expect(state.status).toBe('failed');
    expect(state.error).toMatch(/^Failed to analyze website/);
    expect(await versionsOf(kiln, chat.id)).toEqual([]);
  });

  it('refuses an address that is not an http(s) URL', async () => {
    const { client } = await signedUpUser(kiln, { premium: true });
    const response = await client.request('/api/clone', {
      method: 'POST',
      json: { url: 'file:///etc/passwd' },
    });
    expect(response.status).toBe(400);
  });
});

describe('clone with the SSRF guard on', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_CHROMIUM_PATH: '/nonexistent/chromium', KILN_DEMO_DELAY_MS: '0' });
  });
  afterAll(async () => {
    await kiln.close();
  });

  it('does not fetch a loopback site', async () => {
    const { client } = await signedUpUser(kiln, { premium: true });
    const chat = await startClone(client, `${site.url}/`);
    const state = await finished(kiln, client, chat.id);
    expect(state.status).toBe('failed');
    expect(state.error).toMatch(/^Failed to analyze website/);
  });
});

describe.runIf(hasChromium)('clone through the browser, against a real provider protocol', () => {
  let kiln: TestKiln;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
    kiln = await createTestKiln({
      // The allow switch scoped to the test site: every other private origin stays refused.
      KILN_CLONE_ALLOW_ORIGINS: new URL(site.url).host,
      KILN_MODEL: 'openai:fake-model',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
    });
  });
  afterAll(async () => {
    await kiln.close();
    await llm.close();
  });

  it('captures a 1280-wide JPEG and sends it as an image part with the extracted content', async () => {
    // A free plan may not upload images, but the screenshot is Kiln's own reference.
    const { client } = await signedUpUser(kiln);
    llm.enqueue({
      chunks: chunkText(
        answer('Bakery', { 'src/App.tsx': 'export default function App() { return <h1>Bakery</h1>; }\n' }),
      ),
    });
    const chat = await startClone(client, `${site.url}/`);
    const state = await finished(kiln, client, chat.id);
    expect(state).toMatchObject({
      status: 'done',
      notice: null,
      screenshot: `/api/chats/${chat.id}/clone/screenshot.jpg`,
    });

    const shot = await client.request(state.screenshot!);
    expect(shot.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await shot.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8]);
    expect(jpegWidth(bytes)).toBe(1280);

    const body = JSON.stringify(llm.requests.at(-1)!.body);
    expect(body).toContain('image_url');
    expect(body).toContain('Fresh bread every morning');
    expect(body).toContain('#7c4a2d'); // a computed colour of the rendered page
    // The reference carries the texts a first version keeps and the header's measured colour.
    expect(body).toContain('Order for pickup');
    expect(body).toContain('€9.99/mo');
    expect(body).toMatch(/\\"palette\\":\{\\"header\\":\\"#7c4a2d\\"/);
    expect(body).toContain('Fira Sans');
    expect(await versionsOf(kiln, chat.id)).toEqual(['assistant:1', 'user:1']);

    // Another person does not see a private clone's progress.
    await kiln.services.db.update(chats).set({ isPrivate: true }).where(eq(chats.id, chat.id));
    const other = await signedUpUser(kiln);
    expect((await other.client.request(`/api/chats/${chat.id}/clone`)).status).toBe(404);
    expect((await other.client.request(state.screenshot!)).status).toBe(404);
  });
});

describe.runIf(hasChromium)('clone with the allow switch scoped to one site', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln({
      KILN_CLONE_ALLOW_ORIGINS: new URL(site.url).host,
      KILN_DEMO_DELAY_MS: '0',
    });
  });
  afterAll(async () => kiln.close());

  it('another loopback origin (the same site on another port) is refused by the browser and the fetch', async () => {
    const other = await startCloneSite();
    try {
      const { client } = await signedUpUser(kiln, { premium: true });
      const chat = await startClone(client, `${other.url}/`);
      const state = await finished(kiln, client, chat.id);
      expect(state.status).toBe('failed');
      expect(state.error).toMatch(/^Failed to analyze website/);
      // The browser's request was refused by the egress proxy, the fetch by the guard.
      expect(state.notice).toMatch(/the page answered 403/);
      expect(state.error).toMatch(/cannot be fetched: only ports 80 and 443/);
    } finally {
      await other.close();
    }
  });
});

function jpegWidth(bytes: Uint8Array): number {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) + bytes[at + 3]!;
    if (marker >= 0xc0 && marker <= 0xc2) return (bytes[at + 7]! << 8) + bytes[at + 8]!;
    at += 2 + length;
  }
  throw new Error('no frame in JPEG');
}
