import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/db/schema/index.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { answer, chatData, createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

async function storedAnswer(kiln: TestKiln, chatId: string, version: number) {
  const [row] = await kiln.services.db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.role, 'assistant'), eq(messages.version, version)));
  return row!;
}

const APP = answer('Counter', { 'src/App.tsx': 'export default function App() { return <p>Hi</p>; }' });

describe('what each version cost, as the provider reported it (issue 17 item 3)', () => {
  let llm: FakeLlm;
  const kilns: TestKiln[] = [];
  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(async () => {
    for (const kiln of kilns) await kiln.close();
    await llm?.close();
  });
  const kilnWith = async (env: Record<string, string>) => {
    const kiln = await createTestKiln(env);
    kilns.push(kiln);
    return kiln;
  };

  it('stores OpenAI’s input, output and cached tokens, the model and the dollars; the owner alone sees them', async () => {
    const kiln = await kilnWith({
      KILN_MODEL: 'openai:gpt-4.1',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
    });
    const ada = await signedUpUser(kiln, { premium: true });
    const chat = await createChat(ada.client);
    llm.enqueue({ chunks: chunkText(APP), usage: { input: 1200, output: 300, cachedInput: 200 } });
    const { response } = await generate(ada.client, { id: chat.id, prompt: 'A counter' });
    expect(response.status).toBe(200);

    const row = await storedAnswer(kiln, chat.id, 1);
    expect(row).toMatchObject({
      modelId: 'openai:gpt-4.1',
      inputTokens: 1200,
      outputTokens: 300,
      cachedInputTokens: 200,
    });
    // 1,000 uncached × $2 + 200 cached × $0.50 + 300 output × $8, per million (the default table).
    expect(row.costUsd).toBeCloseTo(0.0045, 10);

    const owner = await chatData(ada.client, chat.slug);
    const assistant = owner.data.messages.find((m: { role: string }) => m.role === 'assistant');
    expect(assistant.usage).toEqual({
      modelId: 'openai:gpt-4.1',
      inputTokens: 1200,
      outputTokens: 300,
      cachedInputTokens: 200,
      costUsd: expect.closeTo(0.0045, 10) as number,
    });
    // Someone else looking at the public chat, and a visitor, do not see what it cost.
    const bob = await signedUpUser(kiln);
    for (const client of [bob.client, new TestClient(kiln)]) {
      const other = await chatData(client, chat.slug);
      expect(other.status).toBe(200);
      for (const message of other.data.messages as { usage: unknown }[]) expect(message.usage).toBeNull();
    }

    const usage = await ada.client.request('/api/me/usage');
    expect(usage.status).toBe(200);
    const { month } = (await usage.json()) as { month: Record<string, unknown> };
    expect(month).toMatchObject({
      inputTokens: 1200,
      outputTokens: 300,
      cachedInputTokens: 200,
      isPriced: true,
    });
    expect(month.costUsd).toBeCloseTo(0.0045, 10);
    expect((await new TestClient(kiln).request('/api/me/usage')).status).toBe(401);
  });

  it('stores Anthropic’s usage with its cache reads, priced with KILN_MODEL_PRICES', async () => {
    const kiln = await kilnWith({
      KILN_MODEL: 'anthropic:claude-haiku-4-5',
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: llm.anthropicBaseUrl,
      KILN_MODEL_PRICES: '{"anthropic:claude-haiku-4-5":{"input":2,"output":10,"cachedInput":0.5}}',
    });
    const ada = await signedUpUser(kiln, { premium: true });
    const chat = await createChat(ada.client);
    llm.enqueue({ chunks: chunkText(APP), usage: { input: 1000, output: 100, cachedInput: 400 } });
    expect((await generate(ada.client, { id: chat.id, prompt: 'A counter' })).response.status).toBe(200);

    const row = await storedAnswer(kiln, chat.id, 1);
    expect(row).toMatchObject({
      modelId: 'anthropic:claude-haiku-4-5',
      inputTokens: 1000,
      outputTokens: 100,
      cachedInputTokens: 400,
    });
    // 600 × $2 + 400 × $0.50 + 100 × $10, per million.
    expect(row.costUsd).toBeCloseTo(0.0024, 10);
  });

  it('keeps tokens without dollars for a model the table does not price', async () => {
    const kiln = await kilnWith({
      KILN_MODEL: 'openai:fake-model',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
    });
    const ada = await signedUpUser(kiln, { premium: true });
    const chat = await createChat(ada.client);
    llm.enqueue({ chunks: chunkText(APP), usage: { input: 50, output: 20 } });
    await generate(ada.client, { id: chat.id, prompt: 'A counter' });
    expect(await storedAnswer(kiln, chat.id, 1)).toMatchObject({
      modelId: 'openai:fake-model',
      inputTokens: 50,
      outputTokens: 20,
      cachedInputTokens: 0,
      costUsd: null,
    });
  });

  it('refuses a generation once the plan’s monthly budget is spent, with a clear message (429)', async () => {
    const kiln = await kilnWith({
      KILN_MODEL: 'openai:gpt-4.1',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
      KILN_MONTHLY_BUDGET_USD: '{"free":0.004}',
    });
    const free = await signedUpUser(kiln);
    const chat = await createChat(free.client);
    llm.enqueue({ chunks: chunkText(APP), usage: { input: 1000, output: 300 } });
    // $0.002 + $0.0024 = $0.0044: the first version goes through and spends the budget.
    expect((await generate(free.client, { id: chat.id, prompt: 'A counter' })).response.status).toBe(200);
    const requestsBefore = llm.requests.length;

    const refused = await generate(free.client, { id: chat.id, prompt: 'Make it blue' });
    expect(refused.response.status).toBe(429);
    const body = JSON.parse(refused.text) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({
      code: 'monthly-budget-reached',
      title: 'Monthly budget reached',
      budgetUsd: 0.004,
    });
    expect(body.error.message).toMatch(/^This month's AI budget of \$0\.004 has been spent\./);
    expect(llm.requests.length).toBe(requestsBefore);
    expect((await chatData(free.client, chat.slug)).data.messages).toHaveLength(2);

    const usage = (await (await free.client.request('/api/me/usage')).json()) as {
      month: { budgetUsd: number };
    };
    expect(usage.month.budgetUsd).toBe(0.004);

    // A premium user has no budget here.
    const premium = await signedUpUser(kiln, { premium: true });
    const theirs = await createChat(premium.client);
    expect((await generate(premium.client, { id: theirs.id, prompt: 'A counter' })).response.status).toBe(
      200,
    );
  });

  it('the offline demo model reports plausible usage (about four characters a token)', async () => {
    const kiln = await kilnWith({ KILN_DEMO_DELAY_MS: '0' });
    const ada = await signedUpUser(kiln, { premium: true });
    const chat = await createChat(ada.client);
    expect((await generate(ada.client, { id: chat.id, prompt: 'A pricing table' })).response.status).toBe(
      200,
    );
    const row = await storedAnswer(kiln, chat.id, 1);
    expect(row.modelId).toMatch(/^demo:/);
    expect(row.inputTokens).toBeGreaterThan(100);
    expect(row.outputTokens).toBe(
      Math.ceil(row.content.replace(/\n<!-- FINISH_REASON: \w+ -->$/, '').length / 4),
    );
    expect(row.costUsd).toBeNull();
  });
});
