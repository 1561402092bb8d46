import { createFreshDatabase } from './postgres-server.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseSnapshot } from '../../src/core/artifact/index.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { answer, chatData, createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createTestKiln } from './test-app.ts';

describe('generation on PostgreSQL (DATABASE_URL), the production database', () => {
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
    kiln = await createTestKiln({
      DATABASE_URL: await createFreshDatabase(inject('postgresUrl')),
      KILN_MODEL: 'openai:fake-model',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
    });
  });
  afterAll(async () => {
    await kiln.close();
    await llm.close();
  });

  it('streams, stores and iterates versions exactly as on the embedded database', async () => {
    expect(kiln.services.databaseKind).toBe('postgres');
    const { client } = await signedUpUser(kiln);
    const chat = await createChat(client);
    const first = answer('Card', { 'src/App.tsx': 'export default function App() { return <p>1</p>; }' });
    llm.enqueue({ chunks: chunkText(first, 7), delayMs: 2 });
    expect((await generate(client, { id: chat.id, prompt: 'A card' })).text).toBe(first);
    await kiln.services.generation.settle();
    const second = answer('Card', { 'src/Extra.tsx': 'export const Extra = 2;' });
    llm.enqueue({ chunks: chunkText(second) });
    expect((await generate(client, { id: chat.id, prompt: 'Add extra', selectedVersion: 1 })).version).toBe(
      2,
    );
    await kiln.services.generation.settle();

    const { data } = await chatData(client, chat.slug);
    expect(data.lastAssistantMessage).toMatchObject({ content: second, finishReason: 'stop' });
    expect(parseSnapshot(data.snapshots[2]).files.map((f) => f.name)).toEqual([
      'src/App.tsx',
      'src/Extra.tsx',
    ]);
    const me = await (await client.request('/api/me')).json();
    expect(me.quota.versionsUsed).toBe(2);
  });
});
