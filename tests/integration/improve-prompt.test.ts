import { describe, expect, it } from 'vitest';
import { createChat, useKilnWithFakeLlm, signedUpUser } from './generation-helpers.ts';
import { createTestKiln } from './test-app.ts';

describe("'Improve prompt' (premium)", () => {
  const ctx = useKilnWithFakeLlm();

  it('asks the model with its own prompt and returns the improved text', async () => {
    const { client } = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await createChat(client);
    ctx.llm.enqueue({
      chunks: ['A responsive pricing table with three tiers, ', 'a highlighted middle plan and a FAQ.'],
    });
    const response = await client.request(`/api/chats/${chat.id}/improve-prompt`, {
      method: 'POST',
      json: { prompt: 'pricing table' },
    });
    expect(await response.json()).toEqual({
      prompt: 'A responsive pricing table with three tiers, a highlighted middle plan and a FAQ.',
    });
    const sent = JSON.stringify(ctx.llm.requests.at(-1)!.body);
    expect(sent).toContain('You improve prompts');
    expect(sent).toContain('pricing table');
  });

  it("empty input → 'Prompt is empty' – 'Please enter a prompt before improving it.'", async () => {
    const { client } = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await createChat(client);
    const response = await client.request(`/api/chats/${chat.id}/improve-prompt`, {
      method: 'POST',
      json: { prompt: ' ' },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({
      code: 'empty-improve-prompt',
      title: 'Prompt is empty',
      message: 'Please enter a prompt before improving it.',
    });
  });

  it('is refused for free users', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    const response = await client.request(`/api/chats/${chat.id}/improve-prompt`, {
      method: 'POST',
      json: { prompt: 'pricing table' },
    });
    expect(response.status).toBe(402);
  });

  it('works offline with the demo model', async () => {
    const offline = await createTestKiln();
    try {
      const { client } = await signedUpUser(offline, { premium: true });
      const chat = await createChat(client);
      const response = await client.request(`/api/chats/${chat.id}/improve-prompt`, {
        method: 'POST',
        json: { prompt: 'a login form' },
      });
      const { prompt } = await response.json();
      expect(prompt.startsWith('a login form. ')).toBe(true);
      expect(prompt).toMatch(/responsive/);
    } finally {
      await offline.close();
    }
  });
});
