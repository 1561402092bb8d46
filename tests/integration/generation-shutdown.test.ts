import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatIntegrations, messages, userIntegrations } from '../../src/server/db/schema/index.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { answer, createChat, signedUpUser, startGeneration } from './generation-helpers.ts';
import { createTestKiln } from './test-app.ts';

/**
 * Graceful shutdown (issue 20 item 2, SIGTERM → kiln.close({ graceMs })): a generation running
 * when the process is told to stop may finish within the grace; past it, it stops with its text.
 */
describe('shutting down while a generation streams', () => {
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(async () => llm.close());

  const env = () => ({
    KILN_MODEL: 'openai:fake-model',
    OPENAI_API_KEY: 'test',
    OPENAI_BASE_URL: llm.openaiBaseUrl,
  });
  const text = answer('Card', { 'src/App.tsx': `export default () => <p>${'y'.repeat(1500)}</p>;` });

  async function streamingKiln() {
    const kiln = await createTestKiln(env());
    const { client } = await signedUpUser(kiln);
    const chat = await createChat(client);
    llm.enqueue({ chunks: chunkText(text, 40), delayMs: 25 });
    const response = await startGeneration(client, chat.id);
    const reader = response.body!.getReader();
    const first = (await reader.read()).value!;
    const stored = async () =>
      (
        await kiln.services.db
          .select({ content: messages.content, finishReason: messages.finishReason })
          .from(messages)
          .where(and(eq(messages.chatId, chat.id), eq(messages.role, 'assistant')))
      )[0]!;
    const rest = (async () => {
      const decoder = new TextDecoder();
      let received = decoder.decode(first, { stream: true });
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        received += decoder.decode(chunk.value, { stream: true });
      }
      return received + decoder.decode();
    })();
    return { kiln, stored, rest };
  }

  it('lets the running generation finish within the grace: the whole answer, stored', async () => {
    const { kiln, stored, rest } = await streamingKiln();
    const finished = await stored();
    expect(finished.finishReason).toBeNull(); // still streaming when the shutdown begins
    // The database closes with the process: read what is stored before it does.
    const closing = kiln.services.generation.close(120_000).then(stored);
    expect(await rest).toBe(text);
    const row = await closing;
    expect(row.finishReason).toBe('stop');
    expect(row.content).toBe(text);
    await kiln.close();
  });

  it('without a grace, stops it at once with every byte it had received stored', async () => {
    const { kiln, stored, rest } = await streamingKiln();
    await kiln.services.generation.close(0);
    const received = await rest;
    const row = await stored();
    expect(received.length).toBeLessThan(text.length);
    expect(row.finishReason).toBe('error');
    expect(row.content.startsWith(received)).toBe(true);
    await kiln.close();
  });
});

describe('a generation that fails before the model is asked', () => {
  it('leaves the chat free and the version number unused', async () => {
    const llm = await startFakeLlm();
    const kiln = await createTestKiln({
      KILN_MODEL: 'openai:fake-model',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
    });
    try {
      const { client, userId } = await signedUpUser(kiln);
      const chat = await createChat(client);
      // The chat has an integration (its section is read only then), and the system prompt's
      // integration section cannot be read (a database error, say).
      const integrationId = crypto.randomUUID();
      await kiln.services.db
        .insert(userIntegrations)
        .values({ id: integrationId, userId, name: 'Database', integrationType: 'database' });
      await kiln.services.db.insert(chatIntegrations).values({ chatId: chat.id, integrationId });
      const deps = (kiln.services.generation as unknown as { deps: { integrationGuidance?: unknown } }).deps;
      const guidance = deps.integrationGuidance;
      deps.integrationGuidance = async () => {
        throw new Error('integrations unreadable');
      };
      const failed = await startGeneration(client, chat.id);
      expect(failed.status).toBe(500);
      deps.integrationGuidance = guidance;

      llm.enqueue({ chunks: chunkText(answer('Card', { 'src/App.tsx': 'export default () => null;' })) });
      const next = await startGeneration(client, chat.id);
      expect(next.status).toBe(200);
      expect(next.headers.get('x-kiln-version')).toBe('1');
      await next.text();
      await kiln.services.generation.settle();
    } finally {
      await kiln.close();
      await llm.close();
    }
  });
});
