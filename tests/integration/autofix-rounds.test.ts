/**
 * Issue 33 item 4: Kiln repairs its own failed builds. A version the model wrote that fails to
 * build goes back to the model as the fix prompt, in a version of its own marked as Kiln's round,
 * for at most KILN_AUTOFIX_ROUNDS rounds; the rounds spend no versions of the plan. Driven through
 * the real provider clients against the scripted fake OpenAI and Anthropic servers, with real
 * Vite builds in the sandbox.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/db/schema/index.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { answer, createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, waitForBuild, type TestKiln } from './preview-helpers.ts';

const BROKEN = answer('Counter', {
  'src/App.tsx': 'export default function App() {\n  return <h1>Count: {0}</h1\n}\n',
});
const FIXED = answer('Counter', {
  'src/App.tsx': 'export default function App() {\n  return <h1>Count: 0</h1>;\n}\n',
});

async function useKiln(provider: 'openai' | 'anthropic') {
  const llm = await startFakeLlm();
  const env: Record<string, string> =
    provider === 'openai'
      ? { KILN_MODEL: 'openai:fake-model', OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: llm.openaiBaseUrl }
      : {
          KILN_MODEL: 'anthropic:fake-claude',
          ANTHROPIC_API_KEY: 'test-key',
          ANTHROPIC_BASE_URL: llm.anthropicBaseUrl,
        };
  const kiln = await createPreviewKiln({ ...env, KILN_AUTOFIX_ROUNDS: '2' });
  kiln.services.preview.start();
  return { kiln, llm };
}

async function messagesOf(kiln: TestKiln, chatId: string) {
  return kiln.services.db
    .select()
    .from(messages)
    .where(eq(messages.chatId, chatId))
    .orderBy(messages.version);
}

/** Waits until version `version` of the chat has been answered (Kiln starts rounds on its own). */
async function answered(kiln: TestKiln, chatId: string, version: number) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const [row] = await kiln.services.db
      .select({ finishReason: messages.finishReason })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.role, 'assistant'), eq(messages.version, version)));
    if (row?.finishReason) return row.finishReason;
    if (Date.now() > deadline) throw new Error(`version ${version} was never answered`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a failed build is repaired by the model on the first round (OpenAI protocol)', () => {
  let kiln: TestKiln;
  let llm: FakeLlm;
  beforeAll(async () => ({ kiln, llm } = await useKiln('openai')), 120_000);
  afterAll(async () => {
    await kiln?.close();
    await llm?.close();
  });

  it("version 1 fails, Kiln's round 1/2 sends the error and its answer builds; no plan version is spent on it", async () => {
    const { client } = await signedUpUser(kiln);
    llm.enqueue({ chunks: chunkText(BROKEN) }, { chunks: chunkText(FIXED) });
    const chat = await createChat(client, 'react', 'A counter');
    const first = await generate(client, { id: chat.id, prompt: 'A counter' });
    expect(first.version).toBe(1);
    const failed = await waitForBuild(kiln, chat.id, 1);
    expect(failed.status).toBe('error');

    expect(await answered(kiln, chat.id, 2)).toBe('stop');
    expect((await waitForBuild(kiln, chat.id, 2)).status).toBe('ready');
    // The model was sent the spec's fix prompt with the build's log.
    expect(llm.requests).toHaveLength(2);
    expect(JSON.stringify(llm.requests[1]!.body)).toContain('Fix the following error: ');
    const rows = await messagesOf(kiln, chat.id);
    const roundPrompt = rows.find((row) => row.role === 'user' && row.version === 2)!;
    expect(roundPrompt.content.startsWith('Fix the following error: ')).toBe(true);
    expect(roundPrompt.autofix).toEqual({ round: 1, of: 2, title: failed.error!.title });
    // The chat shows the round by its label, not the prompt Kiln wrote.
    const view = (await (await client.request(`/api/chats/by-slug/${chat.slug}`)).json()) as {
      messages: { role: string; version: number; autofix: unknown }[];
    };
    expect(view.messages.find((m) => m.role === 'user' && m.version === 2)?.autofix).toEqual({
      round: 1,
      of: 2,
      title: failed.error!.title,
    });
    // The person asked once: one version of the plan is used, the round's is Kiln's.
    const me = (await (await client.request('/api/me')).json()) as { quota: { versionsUsed: number } };
    expect(me.quota.versionsUsed).toBe(1);
    // A ready build starts no round.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(llm.requests).toHaveLength(2);
  }, 400_000);
});

describe('a build the model never fixes stops after KILN_AUTOFIX_ROUNDS (Anthropic protocol)', () => {
  let kiln: TestKiln;
  let llm: FakeLlm;
  beforeAll(async () => ({ kiln, llm } = await useKiln('anthropic')), 120_000);
  afterAll(async () => {
    await kiln?.close();
    await llm?.close();
  });

  it('two rounds, then the error is shown; every version is kept', async () => {
    const { client } = await signedUpUser(kiln);
    llm.enqueue({ chunks: chunkText(BROKEN) });
    const chat = await createChat(client, 'react', 'A counter');
    await generate(client, { id: chat.id, prompt: 'A counter' });
    expect(await answered(kiln, chat.id, 3)).toBe('stop');
    const last = await waitForBuild(kiln, chat.id, 3);
    expect(last.status).toBe('error');
    // Round 2 of 2 failed: no round 3, the person gets the error panel.
    await kiln.services.preview.getState(chat.id, 3);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(llm.requests).toHaveLength(3);
    const rows = await messagesOf(kiln, chat.id);
    expect(rows.filter((row) => row.role === 'assistant').map((row) => row.autofix)).toEqual([
      { round: 0, of: 2 },
      { round: 1, of: 2 },
      { round: 2, of: 2 },
    ]);
    expect(rows.every((row) => row.version <= 3)).toBe(true);
  }, 400_000);
});
