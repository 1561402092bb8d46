import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowserService } from '../../src/server/browser/index.ts';
import { chats, marketplaceListings, messages } from '../../src/server/db/schema/index.ts';
import {
  createVersion,
  createPreviewKiln,
  templateWith,
  waitForBuild,
  type TestKiln,
} from './preview-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';

/**
 * Issue 19 item 3: once a version's preview is ready, the server's Chromium loads it and stores a
 * 1280×800 JPEG (messages.screenshot, blob store), served only to those who may view the chat.
 */

const RED_PAGE = `<!doctype html><html><head><style>html,body{margin:0;height:100%;background:#ff0000}</style>
</head><body><h1>Red</h1></body></html>`;
const GREEN_APP = `export default function App() {
  return <main style={{ position: 'fixed', inset: 0, background: '#00ff00' }}>Green app</main>;
}
`;

/** Width and height from a JPEG's start-of-frame marker. */
function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let at = 2;
  while (at < bytes.length) {
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) + bytes[at + 3]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      return {
        height: (bytes[at + 5]! << 8) + bytes[at + 6]!,
        width: (bytes[at + 7]! << 8) + bytes[at + 8]!,
      };
    }
    at += 2 + length;
  }
  throw new Error('no frame in JPEG');
}

/** The colour at the middle of an image, read by Chromium itself (no image library needed). */
async function middleColour(jpeg: Uint8Array): Promise<[number, number, number]> {
  const browser = createBrowserService({ chromiumPath: '/usr/bin/chromium', maxPages: 1 });
  try {
    return await browser.withPage(async ({ page }) =>
      page.evaluate(async (base64) => {
        const image = new Image();
        image.src = `data:image/jpeg;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.width;
        canvas.height = image.height;
        const context = canvas.getContext('2d')!;
        context.drawImage(image, 0, 0);
        const [r, g, b] = context.getImageData(image.width / 2, image.height / 2, 1, 1).data;
        return [r!, g!, b!] as [number, number, number];
      }, Buffer.from(jpeg).toString('base64')),
    );
  } finally {
    await browser.close();
  }
}

async function screenshotOf(kiln: TestKiln, chatId: string, version: number): Promise<string | null> {
  const rows = await kiln.services.db
    .select({ screenshot: messages.screenshot, role: messages.role, version: messages.version })
    .from(messages)
    .where(eq(messages.chatId, chatId));
  return rows.find((r) => r.role === 'assistant' && r.version === version)?.screenshot ?? null;
}

async function waitForScreenshot(kiln: TestKiln, chatId: string, version: number): Promise<string> {
  await expect
    .poll(() => screenshotOf(kiln, chatId, version), { timeout: 120_000, interval: 200 })
    .not.toBeNull();
  return (await screenshotOf(kiln, chatId, version))!;
}

describe('version screenshots', () => {
  let kiln: TestKiln;
  let owner: TestClient;
  let ownerId: string;
  let stranger: TestClient;

  beforeAll(async () => {
    kiln = await createPreviewKiln({ KILN_VERSION_CHECKS: 'true' });
    kiln.services.preview.start();
    owner = new TestClient(kiln);
    await owner.signUp('owner@example.com');
    ownerId = (await owner.me()).user!.id;
    stranger = new TestClient(kiln);
    await stranger.signUp('stranger@example.com');
  });
  afterAll(async () => kiln?.close());

  it('an HTML version: its ready preview is screenshotted at 1280×800 and served as a JPEG to anyone', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: ownerId,
      framework: 'html',
      files: [{ name: 'index.html', content: RED_PAGE }],
    });
    await kiln.services.preview.requestBuild(chatId, version);
    const url = await waitForScreenshot(kiln, chatId, version);
    expect(url).toMatch(new RegExp(`^/api/screenshots/${chatId}/[0-9a-f-]{36}\\.jpg$`));

    const response = await new TestClient(kiln).request(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = new Uint8Array(await response.arrayBuffer());
    expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
    expect(jpegSize(jpeg)).toEqual({ width: 1280, height: 800 });
    const [r, g, b] = await middleColour(jpeg);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);

    // The chat's messages carry it (the chat tab's image).
    const [chat] = await kiln.services.db.select().from(chats).where(eq(chats.id, chatId));
    const data = (await (await owner.request(`/api/chats/by-slug/${chat!.slug}`)).json()) as {
      messages: { role: string; screenshot: string | null }[];
    };
    expect(data.messages.find((m) => m.role === 'assistant')?.screenshot).toBe(url);

    // The card image of the home page's lists and the profile.
    type Card = { id: string; screenshot: string | null };
    const cardOf = async (client: TestClient, path: string) => {
      const body = (await (await client.request(path)).json()) as { components: Card[] };
      return body.components.find((card) => card.id === chatId);
    };
    expect((await cardOf(owner, '/api/chats/mine'))?.screenshot).toBe(url);
    expect((await cardOf(stranger, '/api/chats/explore'))?.screenshot).toBe(url);
    expect((await cardOf(stranger, `/api/users/${ownerId}`))?.screenshot).toBe(url);
  }, 180_000);

  it('a private React version built in a real preview: screenshotted, served to its owner only (and to all while listed)', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId: ownerId,
      framework: 'react',
      isPrivate: true,
      files: templateWith('react', { 'src/App.tsx': GREEN_APP }),
    });
    await kiln.services.preview.requestBuild(chatId, version);
    expect((await waitForBuild(kiln, chatId, version)).status).toBe('ready');
    const url = await waitForScreenshot(kiln, chatId, version);

    const mine = await owner.request(url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/jpeg');
    expect(mine.headers.get('cache-control')).toMatch(/^private/);
    const jpeg = new Uint8Array(await mine.arrayBuffer());
    const [r, g, b] = await middleColour(jpeg);
    // The app itself rendered (green), not a 'not found' page for want of the private token.
    expect(g).toBeGreaterThan(200);
    expect(r).toBeLessThan(60);
    expect(b).toBeLessThan(60);

    const mineList = (await (await owner.request('/api/chats/mine')).json()) as {
      components: { id: string; screenshot: string | null }[];
    };
    expect(mineList.components.find((card) => card.id === chatId)?.screenshot).toBe(url);
    expect([404, 403]).toContain((await stranger.request(url)).status);
    expect([404, 403]).toContain((await new TestClient(kiln).request(url)).status);
    // Listed on the marketplace, the listed version's screenshot is its card image for everyone.
    await kiln.services.db
      .insert(marketplaceListings)
      .values({ id: randomUUID(), chatId, sellerId: ownerId, version, priceCents: 500 });
    const listed = await new TestClient(kiln).request(url);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toMatch(/^private/);
    await kiln.services.db
      .update(marketplaceListings)
      .set({ isActive: false })
      .where(eq(marketplaceListings.chatId, chatId));
    expect([404, 403]).toContain((await stranger.request(url)).status);

    // Another chat's id in the path does not reach this chat's blob.
    const other = await createVersion(kiln, { userId: ownerId, framework: 'html', files: [] });
    const crossed = url.replace(chatId, other.chatId);
    expect((await owner.request(crossed)).status).toBe(404);
  }, 400_000);
});

describe('version screenshots of a page with a resource that never arrives', () => {
  let kiln: TestKiln;
  let hanging: http.Server;
  beforeAll(async () => {
    // A third-party host that accepts the request and never answers (allowed through the proxy).
    hanging = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    kiln = await createTestKiln({ KILN_CLONE_ALLOW_PRIVATE: 'true', KILN_VERSION_CHECKS: 'true' });
  });
  afterAll(async () => {
    await kiln?.close();
    hanging.closeAllConnections();
    hanging.close();
  });

  it('is taken anyway, without that resource', async () => {
    const client = new TestClient(kiln);
    await client.signUp('grace@example.com');
    const userId = (await client.me()).user!.id;
    const { port } = hanging.address() as AddressInfo;
    const page = RED_PAGE.replace(
      '<h1>Red</h1>',
      `<h1>Red</h1><img src="http://127.0.0.1:${port}/slow.png">`,
    );
    const { chatId, version } = await createVersion(kiln, {
      userId,
      framework: 'html',
      files: [{ name: 'index.html', content: page }],
    });
    await kiln.services.preview.requestBuild(chatId, version);
    const url = await waitForScreenshot(kiln, chatId, version);
    expect((await client.request(url)).headers.get('content-type')).toBe('image/jpeg');
  }, 180_000);
});

describe('version screenshots without Chromium', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_CHROMIUM_PATH: '/nonexistent/chromium', KILN_VERSION_CHECKS: 'true' });
  });
  afterAll(async () => kiln?.close());

  it('the preview is ready and no screenshot is stored', async () => {
    const client = new TestClient(kiln);
    await client.signUp('ada@example.com');
    const userId = (await client.me()).user!.id;
    const { chatId, version } = await createVersion(kiln, {
      userId,
      framework: 'html',
      files: [{ name: 'index.html', content: RED_PAGE }],
    });
    await kiln.services.preview.requestBuild(chatId, version);
    expect((await kiln.services.preview.getState(chatId, version)).status).toBe('ready');
    await kiln.services.screenshots.idle();
    expect(await screenshotOf(kiln, chatId, version)).toBeNull();
    expect(await kiln.services.browser.available()).toBe(false);
  });
});

describe('version checks turned off (KILN_VERSION_CHECKS=false)', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_VERSION_CHECKS: 'false' });
  });
  afterAll(async () => kiln?.close());

  it('a built version is ready and the browser never opens it', async () => {
    const client = new TestClient(kiln);
    await client.signUp('katherine@example.com');
    const userId = (await client.me()).user!.id;
    const { chatId, version } = await createVersion(kiln, {
      userId,
      framework: 'html',
      files: [{ name: 'index.html', content: RED_PAGE }],
    });
    await kiln.services.preview.requestBuild(chatId, version);
    expect((await kiln.services.preview.getState(chatId, version)).status).toBe('ready');
    await kiln.services.screenshots.idle();
    expect(await screenshotOf(kiln, chatId, version)).toBeNull();
  });
});
