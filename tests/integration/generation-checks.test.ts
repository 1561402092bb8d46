import { beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../src/core/plans/index.ts';
import { messages } from '../../src/server/db/schema/index.ts';
import { addVersionCredits } from '../../src/server/generation/quota.ts';
import { chunkText } from '../fixtures/fake-llm/server.ts';
import {
  answer,
  createChat,
  useKilnWithFakeLlm,
  generate,
  PDF_BYTES,
  PNG_BYTES,
  signedUpUser,
  statementsOf,
  type TestKiln,
} from './generation-helpers.ts';
import { TestClient } from './test-app.ts';

const APP = answer('A', { 'src/App.tsx': 'export default function App() { return null; }' });

async function errorOf(result: { response: Response; text: string }) {
  return { status: result.response.status, ...JSON.parse(result.text).error };
}

/** Fills a user's quota window with `versions` versions (2 messages each) in a chat of theirs. */
async function useVersions(kiln: TestKiln, userId: string, chatId: string, versions: number, startAt = 100) {
  const rows = [];
  for (let v = startAt; v < startAt + versions; v++) {
    rows.push(
      { id: crypto.randomUUID(), chatId, userId, role: 'user', version: v, content: 'x' },
      {
        id: crypto.randomUUID(),
        chatId,
        userId,
        role: 'assistant',
        version: v,
        content: 'x',
        finishReason: 'stop',
      },
    );
  }
  await kiln.services.db.insert(messages).values(rows);
}

describe('POST /api/components: every check happens on the server (spec §5, §8)', () => {
  const ctx = useKilnWithFakeLlm();
  beforeAll(() => ctx.llm.enqueue({ chunks: chunkText(APP) }));

  it("empty prompt → 'Empty input' – 'Please enter a prompt before submitting'", async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    for (const prompt of ['', ' ', 'a']) {
      expect(await errorOf(await generate(client, { id: chat.id, prompt }))).toEqual({
        status: 400,
        code: 'empty-prompt',
        title: 'Empty input',
        message: 'Please enter a prompt before submitting',
      });
    }
  });

  it("over the plan's limit → 'Prompt is too long' (free 2,000 characters, premium 10,000)", async () => {
    const free = await signedUpUser(ctx.kiln);
    const chat = await createChat(free.client);
    const tooLong = 'x'.repeat(PLANS.free.promptMaxChars + 1);
    expect(await errorOf(await generate(free.client, { id: chat.id, prompt: tooLong }))).toEqual({
      status: 400,
      code: 'prompt-too-long',
      title: 'Prompt is too long',
      message: 'Your prompt exceeds the character limit. Please shorten it to continue.',
    });
    const premium = await signedUpUser(ctx.kiln, { premium: true });
    const premiumChat = await createChat(premium.client);
    const accepted = await generate(premium.client, { id: premiumChat.id, prompt: tooLong });
    expect(accepted.response.status).toBe(200);
    await ctx.kiln.services.generation.settle();
  });

  it('unsupported types, by extension and by magic bytes', async () => {
    const { client } = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await createChat(client);
    const expected = {
      status: 400,
      code: 'unsupported-file-type',
      title: 'Invalid file',
      message: 'File type not supported. Please upload images (PNG, JPEG, GIF, WebP) or PDF documents.',
    };
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    expect(await errorOf(await generate(client, { id: chat.id, prompt: 'Use this' }, [text]))).toEqual(
      expected,
    );
    // A PDF's bytes under a .png name: the extension and the content disagree.
    const disguised = new File([PDF_BYTES], 'photo.png', { type: 'image/png' });
    expect(await errorOf(await generate(client, { id: chat.id, prompt: 'Use this' }, [disguised]))).toEqual(
      expected,
    );
  });

  it('images need premium: payment-required-for-image (402); PDFs are fine on free', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    const image = new File([PNG_BYTES], 'shot.png', { type: 'image/png' });
    expect(await errorOf(await generate(client, { id: chat.id, prompt: 'Like this' }, [image]))).toEqual({
      status: 402,
      code: 'payment-required-for-image',
      title: "You can't upload images with a free plan",
      message: 'Please upgrade to continue.',
    });
    ctx.llm.enqueue({ chunks: chunkText(APP) });
    const pdf = new File([PDF_BYTES], 'brief.pdf', { type: 'application/pdf' });
    const ok = await generate(client, { id: chat.id, prompt: 'Follow the brief' }, [pdf]);
    expect(ok.response.status).toBe(200);
    await ctx.kiln.services.generation.settle();
  });

  it("too large → '{filename} is too large. Maximum size for PDF is 10 MB.'", async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    const big = new Uint8Array(PLANS.free.maxPdfBytes + 1);
    big.set(PDF_BYTES);
    const file = new File([big], 'huge.pdf', { type: 'application/pdf' });
    const error = await errorOf(await generate(client, { id: chat.id, prompt: 'Read it' }, [file]));
    expect(error).toEqual({
      status: 400,
      code: 'file-too-large',
      title: 'Invalid file',
      message: 'huge.pdf is too large. Maximum size for PDF is 10 MB.',
    });
  });

  it("too many → 'Too many files' – 'Maximum {n} files allowed'", async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    const files = Array.from(
      { length: PLANS.free.maxAttachments + 1 },
      (_, i) => new File([PDF_BYTES], `doc${i}.pdf`, { type: 'application/pdf' }),
    );
    expect(await errorOf(await generate(client, { id: chat.id, prompt: 'Read them' }, files))).toEqual({
      status: 400,
      code: 'too-many-files',
      title: 'Too many files',
      message: `Maximum ${PLANS.free.maxAttachments} files allowed`,
    });
  });

  it('attachments are stored and served back only to those who may see the chat', async () => {
    const owner = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await createChat(owner.client);
    ctx.llm.enqueue({ chunks: chunkText(APP) });
    const image = new File([PNG_BYTES], 'shot.png', { type: 'image/png' });
    await generate(owner.client, { id: chat.id, prompt: 'Like this' }, [image]);
    await ctx.kiln.services.generation.settle();
    const data = await (await owner.client.request(`/api/chats/by-slug/${chat.slug}`)).json();
    const url = data.lastUserMessage.files[0].url as string;
    expect(data.lastUserMessage.files[0]).toMatchObject({
      order: 0,
      name: 'shot.png',
      contentType: 'image/png',
    });
    const body = JSON.stringify(ctx.llm.requests.at(-1)!.body);
    expect(body).toContain('image_url'); // sent to the model as an image part
    const fetched = await owner.client.request(url);
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(PNG_BYTES);
    expect(fetched.headers.get('content-type')).toBe('image/png');

    await owner.client.request(`/api/chats/${chat.id}/visibility`, {
      method: 'POST',
      json: { isPublic: false },
    });
    const stranger = await signedUpUser(ctx.kiln);
    expect((await stranger.client.request(url)).status).toBe(404);
    expect((await new TestClient(ctx.kiln).request(url)).status).toBe(404);
  });

  it("more-than-x-versions: 'You can't have more than {max} versions'", async () => {
    const { client, userId } = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await createChat(client);
    await useVersions(ctx.kiln, userId, chat.id, PLANS.premium.maxVersionsPerComponent);
    expect(await errorOf(await generate(client, { id: chat.id, prompt: 'One more' }))).toEqual({
      status: 409,
      code: 'more-than-x-versions',
      title: `You can't have more than ${PLANS.premium.maxVersionsPerComponent} versions`,
      message: 'Please remix your component instead.',
      max: PLANS.premium.maxVersionsPerComponent,
    });
  });

  it('limit-exceeded (free): counted from the 1st of the month, resets on the 1st of next month', async () => {
    const { client, userId } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    const other = await createChat(client);
    await useVersions(ctx.kiln, userId, other.id, PLANS.free.versionsPerWindow);
    const now = new Date();
    // Refused on what the start's one read returned: nothing is written, not even for a moment.
    const refused = await statementsOf(ctx.kiln, null, () =>
      generate(client, { id: chat.id, prompt: 'One more' }),
    );
    expect(
      refused.statements.filter((statement) => /^(insert|update|delete|with)\b/i.test(statement)),
    ).toEqual([]);
    const error = await errorOf(refused.result);
    expect(error).toEqual({
      status: 429,
      code: 'limit-exceeded',
      message: 'Monthly message limit reached',
      plan: 'free',
      limit: PLANS.free.versionsPerWindow,
      resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      credits: 0,
    });
    // Extra versions are used after the plan's limit.
    await addVersionCredits(ctx.kiln.services.db, userId, 1);
    ctx.llm.enqueue({ chunks: chunkText(APP) });
    expect((await generate(client, { id: chat.id, prompt: 'One more' })).response.status).toBe(200);
    await ctx.kiln.services.generation.settle();
    const me = await (await client.request('/api/me')).json();
    expect(me.quota.credits).toBe(0);
    expect((await generate(client, { id: chat.id, prompt: 'And another' })).response.status).toBe(429);
  });

  it('limit-exceeded (paid): per interval, with the paid plan in the answer', async () => {
    const { client, userId } = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await createChat(client);
    const other = await createChat(client);
    await useVersions(ctx.kiln, userId, other.id, PLANS.premium.versionsPerWindow);
    const error = await errorOf(await generate(client, { id: chat.id, prompt: 'One more' }));
    expect(error).toMatchObject({
      status: 429,
      code: 'limit-exceeded',
      message: 'You have reached the limit of your plan',
      plan: 'paid',
      limit: PLANS.premium.versionsPerWindow,
    });
  });

  it('permission denials: visitor 401, other user 403, someone else’s private chat 404', async () => {
    const owner = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await createChat(owner.client);
    const visitor = new TestClient(ctx.kiln);
    expect((await generate(visitor, { id: chat.id, prompt: 'Hi there' })).response.status).toBe(401);
    const other = await signedUpUser(ctx.kiln);
    expect((await generate(other.client, { id: chat.id, prompt: 'Hi there' })).response.status).toBe(403);
    await owner.client.request(`/api/chats/${chat.id}/visibility`, {
      method: 'POST',
      json: { isPublic: false },
    });
    expect((await generate(other.client, { id: chat.id, prompt: 'Hi there' })).response.status).toBe(404);
    expect((await other.client.request(`/api/chats/by-slug/${chat.slug}`)).status).toBe(404);
  });
});
