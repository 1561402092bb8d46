/**
 * Issue 18 item 4, the marketplace over HTTP with real components: Kiln's Stripe code (the
 * official SDK) against the loopback fake Stripe API, the buyer paying on its hosted Checkout
 * page, and the signed checkout.session.completed delivered to Kiln's /api/billing/webhook.
 */
import { serve, type ServerType } from '@hono/node-server';
import { and, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, marketplacePurchases, messages } from '../../src/server/db/schema/index.ts';
import { sessionIdOf, startFakeStripe, type FakeStripe } from '../support/fake-stripe/server.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createVersion } from './preview-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;
type Person = Awaited<ReturnType<typeof signedUpUser>>;

const SECRET_KEY = 'sk_test_kiln_marketplace';
const WEBHOOK_SECRET = 'whsec_kiln_marketplace';

interface Card {
  id: string;
  title: string;
  version: number;
  priceCents: number;
  description: string;
  seller: { id: string; fullName: string | null; avatarUrl: string | null };
  thumbnail: { screenshot: string | null; previewUrl: string };
  sellerSlug: string | null;
  copy: { chatId: string | null; slug: string | null } | null;
}

const page = (text: string) => [
  { name: 'index.html', content: `<!doctype html>\n<html><body><h1>${text}</h1></body></html>` },
];

async function errorCode(response: Response) {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe('the marketplace with Stripe: list, buy through Checkout, a private copy once', () => {
  let fake: FakeStripe;
  let kiln: TestKiln;
  let server: ServerType;
  let seller: Person;
  let buyer: Person;
  let visitor: TestClient;
  /** A private chat of the seller's: version 1 and 2 finished, version 3 cut off by length. */
  let chatId: string;

  const listingPath = (id: string) => `/api/chats/${id}/listing`;
  const put = (person: Person, id: string, json: unknown) =>
    person.client.request(listingPath(id), { method: 'PUT', json });
  const listings = async (client: TestClient) =>
    ((await (await client.request('/api/marketplace')).json()) as { listings: Card[] }).listings;
  const artifactOf = async (id: string, version: number) =>
    (
      await kiln.services.db
        .select({ artifactCode: messages.artifactCode })
        .from(messages)
        .where(and(eq(messages.chatId, id), eq(messages.role, 'assistant'), eq(messages.version, version)))
    )[0]?.artifactCode;

  beforeAll(async () => {
    fake = await startFakeStripe({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
    kiln = await createTestKiln({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
    server = serve({ fetch: kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    fake.setWebhookUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/billing/webhook`);

    seller = await signedUpUser(kiln, { premium: true, name: 'Sam Seller' });
    buyer = await signedUpUser(kiln, { name: 'Bea Buyer' });
    visitor = new TestClient(kiln);
    ({ chatId } = await createVersion(kiln, {
      userId: seller.userId,
      framework: 'html',
      files: page('First'),
      isPrivate: true,
    }));
    await createVersion(kiln, {
      userId: seller.userId,
      framework: 'html',
      files: page('Listed'),
      chatId,
      version: 2,
    });
    await createVersion(kiln, {
      userId: seller.userId,
      framework: 'html',
      files: page('Cut off'),
      chatId,
      version: 3,
      finishReason: 'length',
    });
    await kiln.services.db.update(chats).set({ title: 'Pricing table' }).where(eq(chats.id, chatId));
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await kiln?.close();
    await fake?.stop();
  });

  it('only the owner may list: another person or a visitor finds no such component', async () => {
    expect((await put(buyer, chatId, { priceCents: 1900, description: '' })).status).toBe(404);
    const anonymous = await visitor.request(listingPath(chatId), {
      method: 'PUT',
      json: { priceCents: 1900, description: '' },
    });
    expect(anonymous.status).toBe(404);
    expect((await buyer.client.request(listingPath(chatId))).status).toBe(404);
  });

  it('the price is $1–$1,000 and the description at most 500 characters', async () => {
    const cheap = await put(seller, chatId, { priceCents: 99, description: '' });
    expect(cheap.status).toBe(400);
    expect(await errorCode(cheap)).toBe('invalid-price');
    const dear = await put(seller, chatId, { priceCents: 100_001, description: '' });
    expect(await errorCode(dear)).toBe('invalid-price');
    const long = await put(seller, chatId, { priceCents: 1900, description: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await errorCode(long)).toBe('description-too-long');
    expect(await listings(visitor)).toEqual([]);
  });

  it('a public component cannot be listed ("Make it private to list it")', async () => {
    const { chatId: publicId } = await createVersion(kiln, {
      userId: seller.userId,
      framework: 'html',
      files: page('Public'),
      isPrivate: false,
    });
    const state = (await (await seller.client.request(listingPath(publicId))).json()) as {
      refusal: { code: string; message: string };
    };
    expect(state.refusal.code).toBe('component-public');
    expect(state.refusal.message).toMatch(/^Make it private to list it/);
    const refused = await put(seller, publicId, { priceCents: 500, description: '' });
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('component-public');
    // On someone else's public component the owner rule answers first.
    expect((await put(buyer, publicId, { priceCents: 500, description: '' })).status).toBe(403);
  });

  it('a component without a finished version cannot be listed', async () => {
    const { chatId: streaming } = await createVersion(kiln, {
      userId: seller.userId,
      framework: 'html',
      files: page('Streaming'),
      isPrivate: true,
      finishReason: null,
    });
    const refused = await put(seller, streaming, { priceCents: 500, description: '' });
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe('no-finished-version');
  });

  it('the owner lists the newest finished version; everyone sees the card', async () => {
    const listed = await put(seller, chatId, {
      priceCents: 1900,
      description: '  A responsive pricing table. ',
    });
    expect(listed.status).toBe(200);
    const state = (await listed.json()) as {
      listing: { version: number; isActive: boolean; description: string };
    };
    // Version 3 was cut off: version 2 is what a buyer gets.
    expect(state.listing).toMatchObject({
      version: 2,
      isActive: true,
      description: 'A responsive pricing table.',
    });

    const [card] = await listings(visitor);
    expect(card).toMatchObject({
      title: 'Pricing table',
      version: 2,
      priceCents: 1900,
      description: 'A responsive pricing table.',
      seller: { id: seller.userId, fullName: 'Sam Seller' },
      sellerSlug: null,
      copy: null,
    });
    expect(card!.thumbnail.previewUrl).toMatch(
      new RegExp(`^http://${chatId}-2\\.preview\\.localhost:3000/\\?token=`),
    );
    expect((await listings(seller.client))[0]!.sellerSlug).toBeTruthy();
  });

  it("the card's preview token opens the listed version only, not the seller's other versions", async () => {
    const [card] = await listings(visitor);
    const url = new URL(card!.thumbnail.previewUrl);
    const open = (version: number) =>
      kiln.app.request(`/${url.search}`, {
        headers: { host: `${chatId}-${version}.preview.localhost:3000` },
      });
    const listedVersion = await open(2);
    expect(listedVersion.status).toBe(302);
    const cookie = listedVersion.headers.get('set-cookie')!.split(';')[0]!;
    const shown = await kiln.app.request('/', {
      headers: { host: `${chatId}-2.preview.localhost:3000`, cookie },
    });
    expect(await shown.text()).toMatch(/<h1\b[^>]*>Listed<\/h1>/);
    expect((await open(1)).status).toBe(404);
    const other = await kiln.app.request('/', {
      headers: { host: `${chatId}-1.preview.localhost:3000`, cookie },
    });
    expect(other.status).toBe(404);
  });

  it('while listed the component cannot turn public; unlisting lifts the rule and hides the card', async () => {
    const blocked = await seller.client.request(`/api/chats/${chatId}/visibility`, {
      method: 'POST',
      json: { isPublic: true },
    });
    expect(blocked.status).toBe(409);
    expect(await errorCode(blocked)).toBe('listed-on-marketplace');

    const removed = await seller.client.request(listingPath(chatId), { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await listings(visitor)).toEqual([]);
    const allowed = await seller.client.request(`/api/chats/${chatId}/visibility`, {
      method: 'POST',
      json: { isPublic: true },
    });
    expect(allowed.status).toBe(200);

    // Private again and listed again: the same listing row, active.
    await seller.client.request(`/api/chats/${chatId}/visibility`, {
      method: 'POST',
      json: { isPublic: false },
    });
    expect(
      (await put(seller, chatId, { priceCents: 1900, description: 'A responsive pricing table.' })).status,
    ).toBe(200);
  });

  it('who may buy: signed in, not the seller', async () => {
    const [card] = await listings(visitor);
    const checkout = (client: TestClient) =>
      client.request(`/api/marketplace/${card!.id}/checkout`, { method: 'POST', json: {} });
    expect((await checkout(visitor)).status).toBe(401);
    const own = await checkout(seller.client);
    expect(own.status).toBe(409);
    expect(await errorCode(own)).toBe('own-listing');
    expect((await checkout(new TestClient(kiln))).status).toBe(401);
    const missing = await buyer.client.request('/api/marketplace/no-such-listing/checkout', {
      method: 'POST',
      json: {},
    });
    expect(missing.status).toBe(404);
  });

  it('buying: Checkout → Pay → webhook gives the buyer a private copy of the listed version, once', async () => {
    const [card] = await listings(buyer.client);
    const started = await buyer.client.request(`/api/marketplace/${card!.id}/checkout`, {
      method: 'POST',
      json: {},
    });
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    const hosted = await fetch(url);
    expect(await hosted.text()).toContain('19.00 USD');
    const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/marketplace?bought=${card!.id}`);
    const completed = fake.deliveries.at(-1)!;
    expect([completed.event.type, completed.status]).toEqual(['checkout.session.completed', 200]);

    // The same event again, and another event of the same session: still one copy.
    expect((await fake.deliver(completed.event)).status).toBe(200);
    const session = fake.account.checkoutSessions.get(sessionIdOf(url))!;
    expect(
      (await fake.deliver(fake.makeEvent('checkout.session.async_payment_succeeded', session))).status,
    ).toBe(200);
    const purchases = await kiln.services.db
      .select()
      .from(marketplacePurchases)
      .where(eq(marketplacePurchases.buyerId, buyer.userId));
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ version: 2, amountCents: 1900, sellerId: seller.userId });
    const owned = await kiln.services.db.select().from(chats).where(eq(chats.userId, buyer.userId));
    expect(owned).toHaveLength(1);
    const copy = owned[0]!;
    expect(copy).toMatchObject({ id: purchases[0]!.copyChatId, isPrivate: true, remixChatId: chatId });
    expect(await artifactOf(copy.id, 1)).toBe(await artifactOf(chatId, 2));

    // The buyer opens it (their own private component); nobody else can.
    const opened = await buyer.client.request(`/api/chats/by-slug/${copy.slug}`);
    expect(opened.status).toBe(200);
    expect((await seller.client.request(`/api/chats/by-slug/${copy.slug}`)).status).toBe(404);
    expect((await listings(buyer.client))[0]!.copy).toEqual({ chatId: copy.id, slug: copy.slug });
    const mine = (await (await buyer.client.request('/api/me/purchases')).json()) as {
      purchases: { copy: { slug: string } | null; amountCents: number }[];
    };
    expect(mine.purchases).toEqual([
      expect.objectContaining({ amountCents: 1900, copy: { chatId: copy.id, slug: copy.slug } }),
    ]);

    // The same listed version is bought once.
    const again = await buyer.client.request(`/api/marketplace/${card!.id}/checkout`, {
      method: 'POST',
      json: {},
    });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe('already-bought');
  });

  it('the seller sees the sale: buyer, listing, amount, date', async () => {
    const { sales } = (await (await seller.client.request('/api/me/sales')).json()) as {
      sales: {
        title: string;
        version: number;
        amountCents: number;
        createdAt: string;
        buyer: { fullName: string };
      }[];
    };
    expect(sales).toEqual([
      expect.objectContaining({
        title: 'Pricing table',
        version: 2,
        amountCents: 1900,
        buyer: expect.objectContaining({ fullName: 'Bea Buyer' }),
      }),
    ]);
    expect(Number.isNaN(Date.parse(sales[0]!.createdAt))).toBe(false);
    const buyerSales = (await (await buyer.client.request('/api/me/sales')).json()) as { sales: unknown[] };
    expect(buyerSales.sales).toEqual([]);
    expect((await visitor.request('/api/me/sales')).status).toBe(401);
  });
});

describe('without Stripe keys the marketplace is hidden', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => kiln?.close());

  it('every marketplace route answers 404 billing-disabled', async () => {
    const owner = await signedUpUser(kiln, { premium: true });
    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: page('Private'),
      isPrivate: true,
    });
    const requests: [string, string, unknown?][] = [
      ['GET', '/api/marketplace'],
      ['POST', '/api/marketplace/any/checkout', {}],
      ['GET', `/api/chats/${chatId}/listing`],
      ['PUT', `/api/chats/${chatId}/listing`, { priceCents: 500, description: '' }],
      ['DELETE', `/api/chats/${chatId}/listing`],
      ['GET', '/api/me/sales'],
      ['GET', '/api/me/purchases'],
    ];
    for (const [method, path, json] of requests) {
      const response = await owner.client.request(path, { method, json });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await errorCode(response)).toBe('billing-disabled');
    }
  });
});
