import { serve, type ServerType } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../../src/core/permissions/index.ts';
import {
  chats,
  customDomains,
  jobs,
  marketplaceListings,
  marketplacePurchases,
  messages,
} from '../../../src/server/db/schema/index.ts';
import { cloneScreenshotKey } from '../../../src/server/clone/service.ts';
import { PREVIEW_JOB } from '../../../src/server/preview/service.ts';
import { completeListingPurchase } from '../../../src/server/marketplace/purchase.ts';
import { screenshotKey } from '../../../src/server/screenshots/version-screenshots.ts';
import { startFakeLlm, chunkText, type FakeLlm } from '../../fixtures/fake-llm/server.ts';
import { startFakeStripe, type FakeStripe } from '../../support/fake-stripe/server.ts';
import { answer, generate, PNG_BYTES, signedUpUser } from '../generation-helpers.ts';
import { createVersion } from '../preview-helpers.ts';
import { createTestKiln, TestClient } from '../test-app.ts';

export type Role = 'visitor' | 'stranger' | 'freeOwner' | 'premiumOwner' | 'buyer' | 'admin';
export type ChatName =
  'premiumPublic' | 'premiumPrivate' | 'freePublic' | 'freePrivate' | 'listed' | 'bought';

export interface ChatFixture {
  name: ChatName;
  id: string;
  slug: string;
  ownerRole: Role;
  isPrivate: boolean;
  /** Its custom domain's id (planted, so each owner's and stranger's answer can be checked). */
  domainId: string;
  /** Its versions' answers (message ids), version 1 first. */
  answerIds: string[];
  /** Strings only this chat holds; nobody but its owner may receive any of them. */
  markers: string[];
}

export interface Person {
  role: Role;
  userId: string | null;
  isPremium: boolean;
  /** The Cookie header of this person's session ('' for the visitor). */
  cookie: string;
}

export interface MatrixFixture {
  kiln: Awaited<ReturnType<typeof createTestKiln>>;
  llm: FakeLlm;
  baseUrl: string;
  appOrigin: string;
  people: Record<Role, Person>;
  chats: Record<ChatName, ChatFixture>;
  /** The premium owner's integration (a user's own resource). */
  integrationId: string;
  listingId: string;
  /** The premium private chat's attachment (its URL). */
  attachmentPath: string;
  /** An account nobody else uses, which /admin's changes may change (issue 35 item 9). */
  bystanderId: string;
  close(): Promise<void>;
}

const STRIPE_KEY = 'sk_test_kiln_matrix';
const STRIPE_WEBHOOK = 'whsec_kiln_matrix';

const page = (text: string) => `<!doctype html>\n<html lang="en">\n<body><h1>${text}</h1></body>\n</html>`;
const marker = (what: string) => `KILN-PRIVATE-${what}-${randomUUID().slice(0, 8)}`;

function cookieOf(client: TestClient): string {
  return [...(client as unknown as { cookies: Map<string, string> }).cookies]
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

export function viewerOf(person: Person): Viewer {
  return { userId: person.userId, isPremium: person.isPremium };
}

/**
 * One Kiln (embedded database, fake model, fake Stripe) served over a real socket, five people
 * and six chats: each owner's public and private chat, the premium owner's listed private chat
 * and the buyer's copy of it. Private chats carry unique markers in their title, prompt, files,
 * attachment and screenshot.
 */
export async function createMatrixFixture(): Promise<MatrixFixture> {
  const llm = await startFakeLlm();
  const stripe: FakeStripe = await startFakeStripe({ secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK });
  const kiln = await createTestKiln({
    KILN_MODEL: 'openai:fake-model',
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: llm.openaiBaseUrl,
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK,
    STRIPE_API_URL: stripe.url,
    // No browser: the screenshots are planted below (a real one would race with them, and cost).
    KILN_CHROMIUM_PATH: '/nonexistent/chromium',
  });
  const server: ServerType = serve({ fetch: kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { db } = kiln.services;

  // The first account made is the install's administrator (issue 35 item 9).
  const admin = await signedUpUser(kiln, { name: 'Ada Admin' });
  const premiumOwner = await signedUpUser(kiln, { premium: true, name: 'Pat Premium' });
  const freeOwner = await signedUpUser(kiln, { name: 'Fred Free' });
  const stranger = await signedUpUser(kiln, { premium: true, name: 'Sid Stranger' });
  const buyer = await signedUpUser(kiln, { name: 'Bea Buyer' });
  const person = (role: Role, user: { userId: string; client: TestClient } | null, isPremium: boolean) => ({
    role,
    userId: user?.userId ?? null,
    isPremium,
    cookie: user ? cookieOf(user.client) : '',
  });
  const people: Record<Role, Person> = {
    visitor: person('visitor', null, false),
    stranger: person('stranger', stranger, true),
    freeOwner: person('freeOwner', freeOwner, false),
    premiumOwner: person('premiumOwner', premiumOwner, true),
    buyer: person('buyer', buyer, false),
    admin: person('admin', admin, false),
  };
  const bystander = await signedUpUser(kiln, { name: 'Bo Bystander' });

  /** A chat of two finished versions written straight to the database. */
  async function plainChat(
    userId: string,
    isPrivate: boolean,
    markers: Record<string, string> = {},
    framework = 'html',
  ) {
    const { chatId } = await createVersion(kiln, {
      userId,
      framework,
      files: [{ name: 'index.html', content: page(markers.file ?? 'Version one') }],
      isPrivate,
    });
    await createVersion(kiln, {
      userId,
      files: [{ name: 'index.html', content: page(markers.file2 ?? 'Version two') }],
      framework,
      chatId,
      version: 2,
    });
    if (markers.title) await db.update(chats).set({ title: markers.title }).where(eq(chats.id, chatId));
    if (markers.prompt) {
      await db
        .update(messages)
        .set({ content: markers.prompt })
        .where(and(eq(messages.chatId, chatId), eq(messages.role, 'user')));
    }
    const [row] = await db.select().from(chats).where(eq(chats.id, chatId));
    return row!;
  }

  // The premium owner's private chat, made the way the app makes one: two generations (the
  // first with an attachment), then private.
  const privateMarks = {
    title: marker('title'),
    prompt: marker('prompt'),
    file: marker('file'),
    attachment: marker('attachment'),
    screenshot: marker('screenshot'),
    cloneScreenshot: marker('clone-screenshot'),
  };
  const created = await premiumOwner.client.request('/api/chats', {
    method: 'POST',
    json: { prompt: privateMarks.prompt, framework: 'html' },
  });
  const { id: privateId } = (await created.json()) as { id: string };
  llm.enqueue({ chunks: chunkText(answer(privateMarks.title, { 'index.html': page(privateMarks.file) })) });
  const image = new File([PNG_BYTES, new TextEncoder().encode(privateMarks.attachment)], 'secret.png', {
    type: 'image/png',
  });
  await generate(premiumOwner.client, { id: privateId, prompt: privateMarks.prompt }, [image]);
  await kiln.services.generation.settle();
  llm.enqueue({
    chunks: chunkText(answer(privateMarks.title, { 'index.html': page(`${privateMarks.file} 2`) })),
  });
  await generate(premiumOwner.client, { id: privateId, prompt: `${privateMarks.prompt} again` });
  await kiln.services.generation.settle();
  await premiumOwner.client.request(`/api/chats/${privateId}/visibility`, {
    method: 'POST',
    json: { isPublic: false },
  });
  const attachmentUrl = (
    await db
      .select({ files: messages.files })
      .from(messages)
      .where(and(eq(messages.chatId, privateId), eq(messages.role, 'user')))
  ).flatMap((row) => row.files)[0]?.url;
  if (!attachmentUrl) throw new Error('the private chat has no attachment');
  const [firstAnswer] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, privateId), eq(messages.role, 'assistant'), eq(messages.version, 1)));
  await kiln.services.blobs.put(
    screenshotKey(privateId, firstAnswer!.id),
    new TextEncoder().encode(privateMarks.screenshot),
    'image/jpeg',
  );
  await kiln.services.blobs.put(
    cloneScreenshotKey(privateId),
    new TextEncoder().encode(privateMarks.cloneScreenshot),
    'image/jpeg',
  );
  const [premiumPrivate] = await db.select().from(chats).where(eq(chats.id, privateId));

  const freeMarks = {
    title: marker('free-title'),
    prompt: marker('free-prompt'),
    file: marker('free-file'),
    buildLog: marker('free-build-log'),
  };
  const listedMarks = {
    prompt: marker('listed-prompt'),
    file: marker('listed-unlisted-version'),
    screenshot: marker('listed-unlisted-screenshot'),
  };
  const premiumPublic = await plainChat(premiumOwner.userId, false);
  const freePublic = await plainChat(freeOwner.userId, false);
  // A free owner's private chat: made while a subscriber, kept after the plan ended.
  // A React one, whose version 1 failed to build: its build log is the owner's to read.
  const freePrivate = await plainChat(freeOwner.userId, true, freeMarks, 'react');
  await db.insert(jobs).values({
    id: randomUUID(),
    kind: PREVIEW_JOB,
    key: `preview:${freePrivate.id}:1`,
    status: 'failed',
    error: { message: `vite build failed: ${freeMarks.buildLog}` },
  });
  // Listed: version 1 (never listed) holds the markers, version 2 is the one on sale.
  const listed = await plainChat(premiumOwner.userId, true, { ...listedMarks, file2: 'On sale' });
  await premiumOwner.client.request(`/api/chats/${listed.id}/listing`, {
    method: 'PUT',
    json: { priceCents: 1900, description: 'A page' },
  });
  const [listing] = await db
    .select()
    .from(marketplaceListings)
    .where(eq(marketplaceListings.chatId, listed.id));
  await completeListingPurchase(
    {
      checkoutSessionId: `cs_matrix_${randomUUID()}`,
      userId: buyer.userId,
      kind: 'marketplace',
      quantity: 1,
      amountCents: 1900,
      currency: 'usd',
      metadata: { listing_id: listing!.id, version: '2' },
    },
    db,
  );
  const [purchase] = await db.select().from(marketplacePurchases);
  const [bought] = await db.select().from(chats).where(eq(chats.id, purchase!.copyChatId!));

  const answersOf = async (chatId: string) =>
    (
      await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.chatId, chatId), eq(messages.role, 'assistant')))
        .orderBy(messages.version)
    ).map((row) => row.id);
  const fixture = async (
    name: ChatName,
    row: typeof chats.$inferSelect,
    ownerRole: Role,
    markers: Record<string, string> = {},
  ): Promise<ChatFixture> => ({
    name,
    id: row.id,
    answerIds: await answersOf(row.id),
    slug: row.slug,
    ownerRole,
    isPrivate: row.isPrivate,
    domainId: randomUUID(),
    // A private chat's slug too: it is made from the prompt, so it is the chat's secret as well.
    markers:
      row.isPrivate && name !== 'bought' ? [...Object.values(markers), row.slug] : Object.values(markers),
  });
  const all: Record<ChatName, ChatFixture> = {
    premiumPublic: await fixture('premiumPublic', premiumPublic, 'premiumOwner'),
    premiumPrivate: await fixture('premiumPrivate', premiumPrivate!, 'premiumOwner', privateMarks),
    freePublic: await fixture('freePublic', freePublic, 'freeOwner'),
    freePrivate: await fixture('freePrivate', freePrivate, 'freeOwner', freeMarks),
    listed: await fixture('listed', listed, 'premiumOwner', listedMarks),
    bought: await fixture('bought', bought!, 'buyer'),
  };
  // The listed chat's screenshots: the version on sale's is the marketplace card's (anyone's),
  // the other one is the owner's alone.
  const [unlisted, onSale] = all.listed.answerIds;
  await kiln.services.blobs.put(
    screenshotKey(listed.id, unlisted!),
    new TextEncoder().encode(listedMarks.screenshot),
    'image/jpeg',
  );
  await kiln.services.blobs.put(screenshotKey(listed.id, onSale!), PNG_BYTES, 'image/jpeg');
  for (const chat of Object.values(all)) {
    await db.insert(customDomains).values({
      id: chat.domainId,
      chatId: chat.id,
      domain: `${chat.name.toLowerCase()}.matrix.example.com`,
      verificationToken: randomUUID(),
    });
  }
  const integration = await premiumOwner.client.request('/api/integrations', {
    method: 'POST',
    json: { type: 'email', provider: 'resend', credentials: { apiKey: 're_matrix_key_1234' } },
  });
  const integrationId = ((await integration.json()) as { id: string }).id;
  if (!integrationId) throw new Error(`no integration: ${integration.status}`);

  return {
    kiln,
    llm,
    baseUrl,
    appOrigin: new URL(kiln.services.config.publicUrl).origin,
    people,
    chats: all,
    integrationId,
    listingId: listing!.id,
    attachmentPath: attachmentUrl,
    bystanderId: bystander.userId,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await kiln.close();
      await llm.close();
      await stripe.stop();
    },
  };
}
