import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chats, messages, runningGenerations } from '../../src/server/db/schema/index.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { answer, createChat, signedUpUser, startGeneration } from './generation-helpers.ts';
import { createFreshDatabase } from './postgres-server.ts';
import { createTestKiln, TestClient } from './test-app.ts';

/**
 * Two Kiln web processes on one PostgreSQL (issue 20 item 2): each has its own memory and data
 * folder; only the database and its LISTEN/NOTIFY are shared. (The OS-process cluster is
 * tests/integration/cluster/.)
 */
describe('generations across web processes (one PostgreSQL)', () => {
  let a: Awaited<ReturnType<typeof createTestKiln>>;
  let b: Awaited<ReturnType<typeof createTestKiln>>;
  let llm: FakeLlm;
  const long = answer('Slow card', { 'src/App.tsx': `export default () => <p>${'x'.repeat(4000)}</p>;` });

  beforeAll(async () => {
    llm = await startFakeLlm();
    const env = {
      DATABASE_URL: await createFreshDatabase(inject('postgresUrl')),
      KILN_MODEL: 'openai:fake-model',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
      KILN_RATE_LIMITS: 'generation-running=1',
    };
    a = await createTestKiln(env);
    b = await createTestKiln(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await llm?.close();
  });

  /** The same person signed in through each process. */
  async function person() {
    const { client, email } = await signedUpUser(a);
    const throughB = new TestClient(b);
    await throughB.signIn(email);
    return { throughA: client, throughB };
  }

  /** Starts a slow generation through A and waits for its first bytes (it is running). */
  async function startSlow(client: TestClient, chatId: string) {
    llm.enqueue({ chunks: chunkText(long, 20), delayMs: 40 });
    const response = await startGeneration(client, chatId);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    return { version: Number(response.headers.get('x-kiln-version')), reader, first: first.value! };
  }

  async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>, first = new Uint8Array()) {
    const decoder = new TextDecoder();
    let text = decoder.decode(first, { stream: true });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
    }
    return text + decoder.decode();
  }

  it('one generation per chat: a start through another process is refused while it runs', async () => {
    const { throughA, throughB } = await person();
    const chat = await createChat(throughA);
    const running = await startSlow(throughA, chat.id);

    const second = await startGeneration(throughB, chat.id);
    expect(second.status).toBe(409);
    expect((await second.json()).error).toMatchObject({ code: 'generation-in-progress' });

    // Re-attached through B (a reload that lands on the other process): the whole answer.
    const reattached = await throughB.request(
      `/api/components/${chat.id}/versions/${running.version}/stream`,
    );
    expect(reattached.status).toBe(200);
    const [fromA, fromB] = await Promise.all([readAll(running.reader, running.first), reattached.text()]);
    expect(fromA).toBe(long);
    expect(fromB).toBe(long);
    await a.services.generation.settle();
    const versions = await a.services.db
      .select({ version: messages.version })
      .from(messages)
      .where(and(eq(messages.chatId, chat.id), eq(messages.role, 'assistant')));
    expect(versions).toEqual([{ version: running.version }]);
    // Free again once it ended.
    expect(await b.services.generation.claims.current(chat.id)).toBeNull();
  });

  it('stop asked through another process stops the generation where it streams', async () => {
    const { throughA, throughB } = await person();
    const chat = await createChat(throughA);
    const running = await startSlow(throughA, chat.id);

    const stop = await throughB.request(`/api/components/${chat.id}/stop`, { method: 'POST' });
    expect(await stop.json()).toEqual({ stopped: true });
    const text = await readAll(running.reader, running.first);
    await a.services.generation.settle();
    expect(text.length).toBeLessThan(long.length);
    const [stored] = await a.services.db
      .select({ content: messages.content, finishReason: messages.finishReason })
      .from(messages)
      .where(and(eq(messages.chatId, chat.id), eq(messages.role, 'assistant')));
    expect(stored!.finishReason).toBe('error');
    expect(stored!.content.startsWith(text.slice(0, 20))).toBe(true);
  });

  it('counts the running-generations cap in every process', async () => {
    const { throughA, throughB } = await person();
    const first = await createChat(throughA);
    const other = await createChat(throughA);
    const running = await startSlow(throughA, first.id);

    const refused = await startGeneration(throughB, other.id);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toMatchObject({ code: 'too-many-generations' });
    await throughA.request(`/api/components/${first.id}/stop`, { method: 'POST' });
    await readAll(running.reader, running.first);
    await a.services.generation.settle();
  });

  it('takes over a chat whose process died, ending that version with the text it stored', async () => {
    const { throughA, throughB } = await person();
    const chat = await createChat(throughA);
    const { db } = b.services;
    const [owner] = await db.select({ userId: chats.userId }).from(chats).where(eq(chats.id, chat.id));
    // What a process killed mid-stream leaves: a streaming version and a claim nobody renews.
    const deadMessage = crypto.randomUUID();
    await db.insert(messages).values([
      { id: crypto.randomUUID(), chatId: chat.id, role: 'user', version: 1, content: 'A card' },
      { id: deadMessage, chatId: chat.id, role: 'assistant', version: 1, content: 'Half an answ' },
    ]);
    await db.insert(runningGenerations).values({
      chatId: chat.id,
      messageId: deadMessage,
      userId: owner!.userId!,
      version: 1,
      process: 'dead-host:1',
      heartbeatAt: new Date(Date.now() - 10 * 60_000),
    });

    llm.enqueue({ chunks: chunkText(answer('Card', { 'src/App.tsx': 'export default () => null;' })) });
    const next = await startGeneration(throughB, chat.id);
    expect(next.status).toBe(200);
    expect(next.headers.get('x-kiln-version')).toBe('2');
    await next.text();
    await b.services.generation.settle();
    const [dead] = await db
      .select({ content: messages.content, finishReason: messages.finishReason })
      .from(messages)
      .where(eq(messages.id, deadMessage));
    expect(dead!.finishReason).toBe('error');
    expect(dead!.content.startsWith('Half an answ')).toBe(true);
  });
});
