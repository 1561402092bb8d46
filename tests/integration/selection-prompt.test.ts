import { describe, expect, it } from 'vitest';
import { chunkText } from '../fixtures/fake-llm/server.ts';
import {
  answer,
  chatData,
  createChat,
  generate,
  signedUpUser,
  useKilnWithFakeLlm,
} from './generation-helpers.ts';

type Body = { messages: { role: string; content: unknown }[] };

const APP = 'export default function App() {\n  return <h1>Pricing</h1>;\n}';
const SELECTION = {
  file: 'src/App.tsx',
  line: 2,
  column: 10,
  tagName: 'h1',
  outerHTML: '<h1>Pricing</h1>',
};

/** The text of the user message the model was sent. */
function userText(body: Body): string {
  const user = body.messages.find((message) => message.role === 'user')!;
  return typeof user.content === 'string'
    ? user.content
    : (user.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('\n');
}

describe('POST /api/components with a selected element (issue 17 item 2)', () => {
  const ctx = useKilnWithFakeLlm();

  it('tells the model which element to change, before the prompt; the stored message is the prompt', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: chunkText(answer('Pricing', { 'src/App.tsx': APP })) });
    await generate(client, { id: chat.id, prompt: 'A pricing table' });
    await ctx.kiln.services.generation.settle();

    const before = ctx.llm.requests.length;
    ctx.llm.enqueue({
      chunks: chunkText(
        answer('Pricing', { 'src/App.tsx': APP.replace('<h1>', '<h1 className="text-red-600">') }),
      ),
    });
    const second = await generate(client, {
      id: chat.id,
      prompt: 'make it red',
      selection: JSON.stringify(SELECTION),
    });
    expect(second.response.status).toBe(200);
    await ctx.kiln.services.generation.settle();
    const text = userText(ctx.llm.requests[before]!.body as Body);
    expect(text).toContain('The user selected an element in the preview');
    expect(text).toContain('src/App.tsx, line 2, column 10');
    expect(text).toContain('<h1>Pricing</h1>');
    expect(text.indexOf('src/App.tsx, line 2')).toBeLessThan(text.lastIndexOf('make it red'));

    const { data } = await chatData(client, chat.slug);
    const stored = data.messages.find(
      (m: { role: string; version: number }) => m.role === 'user' && m.version === 2,
    );
    expect(stored.content).toBe('make it red');
  });

  it('refuses a malformed selection before anything is stored or sent', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    const before = ctx.llm.requests.length;
    for (const bad of [
      '{',
      JSON.stringify({ ...SELECTION, line: -1 }),
      JSON.stringify({ ...SELECTION, outerHTML: 'x'.repeat(4001) }),
    ]) {
      const refused = await generate(client, { id: chat.id, prompt: 'make it red', selection: bad });
      expect(refused.response.status).toBe(400);
      expect(JSON.parse(refused.text).error.code).toBe('invalid-request');
    }
    expect(ctx.llm.requests.length).toBe(before);
    const { data } = await chatData(client, chat.slug);
    expect(data.messages).toHaveLength(0);
  });
});
