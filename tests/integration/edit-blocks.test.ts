import { describe, expect, it } from 'vitest';
import { parseSnapshot } from '../../src/core/artifact/index.ts';
import { writeEditBlocks } from '../../src/core/snapshot/index.ts';
import { chunkText } from '../fixtures/fake-llm/server.ts';
import {
  answer,
  chatData,
  createChat,
  generate,
  signedUpUser,
  useKilnWithFakeLlm,
} from './generation-helpers.ts';

const APP =
  'export default function App() {\n  return (\n    <main>\n      <h1>Pricing</h1>\n    </main>\n  );\n}';
const CARD = 'export function Card() {\n  return <div className="p-4">Card</div>;\n}';

function editAnswer(edits: Record<string, { search: string; replace: string }[]>): string {
  const files = Object.entries(edits)
    .map(
      ([name, blocks]) => `<kilnFile name="${name}" action="edit">\n${writeEditBlocks(blocks)}\n</kilnFile>`,
    )
    .join('\n');
  return `<thinking>Small change.</thinking>\nChanging it.\n<kilnArtifact title="Pricing">\n${files}\n</kilnArtifact>\nDone.`;
}

type Body = { messages: { role: string; content: unknown }[] };

describe('edits as SEARCH/REPLACE blocks through the fake OpenAI server (decision 0044)', () => {
  const ctx = useKilnWithFakeLlm();

  async function firstVersion() {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: chunkText(answer('Pricing', { 'src/App.tsx': APP, 'src/Card.tsx': CARD })) });
    await generate(client, { id: chat.id, prompt: 'A pricing table' });
    await ctx.kiln.services.generation.settle();
    return { client, chat };
  }

  it('an answer with edit blocks produces the edited snapshot, with one model request', async () => {
    const { client, chat } = await firstVersion();
    const before = ctx.llm.requests.length;
    ctx.llm.enqueue({
      chunks: chunkText(
        editAnswer({
          'src/App.tsx': [{ search: '      <h1>Pricing</h1>', replace: '      <h1>Plans</h1>' }],
          // Indented wrongly and with a trailing blank: the whitespace-tolerant try finds it.
          'src/Card.tsx': [
            {
              search: 'return <div className="p-4">Card</div>;  ',
              replace: 'return <div className="p-8">Card</div>;',
            },
          ],
        }),
        7,
      ),
    });
    const second = await generate(client, { id: chat.id, prompt: 'Rename the title to Plans' });
    expect(second.version).toBe(2);
    await ctx.kiln.services.generation.settle();
    expect(ctx.llm.requests.length - before).toBe(1);
    const { data } = await chatData(client, chat.slug);
    const snapshot = parseSnapshot(data.snapshots[2]);
    expect(snapshot.files).toEqual([
      { name: 'src/App.tsx', content: APP.replace('Pricing', 'Plans'), isLocked: false },
      { name: 'src/Card.tsx', content: CARD.replace('p-4', 'p-8'), isLocked: false },
    ]);
    expect(data.lastAssistantMessage.content).not.toContain('Edit could not be applied');
    // The system prompt tells the model how to edit.
    const system = (ctx.llm.requests.at(-1)!.body as Body).messages[0]!.content as string;
    expect(system).toContain('action="edit"');
    expect(system).toContain('<<<<<<< SEARCH');
  });

  it('a block that does not apply: the chat says so and Kiln asks once for that file in full', async () => {
    const { client, chat } = await firstVersion();
    const before = ctx.llm.requests.length;
    const failing = editAnswer({
      'src/App.tsx': [{ search: '<h2>Not there</h2>', replace: '<h2>x</h2>' }],
      'src/Card.tsx': [{ search: 'Card</div>', replace: 'Plan card</div>' }],
    });
    const whole = answer('Pricing', {
      'src/App.tsx': APP.replace('<h1>Pricing</h1>', '<h1>Pricing</h1>\n      <h2>Monthly</h2>'),
    });
    ctx.llm.enqueue({ chunks: chunkText(failing) }, { chunks: chunkText(whole) });
    const second = await generate(client, { id: chat.id, prompt: 'Add a subtitle' });
    await ctx.kiln.services.generation.settle();

    // Exactly one more request: the whole file, after the original conversation and the answer.
    expect(ctx.llm.requests.length - before).toBe(2);
    const retry = ctx.llm.requests.at(-1)!.body as Body;
    expect(retry.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(JSON.stringify(retry.messages[2]!.content)).toContain('<h2>Not there</h2>');
    const ask = JSON.stringify(retry.messages[3]!.content);
    expect(ask).toContain('Your edit of src/App.tsx could not be applied (block 1)');
    expect(ask).toContain('<kilnFile name=\\"src/App.tsx\\">');

    // The user saw it happen in the streamed answer, and the stored answer says it after a reload.
    expect(second.text).toContain(
      'Edit could not be applied to src/App.tsx. Asking the model for the whole file.',
    );
    const { data } = await chatData(client, chat.slug);
    expect(data.lastAssistantMessage.content).toBe(second.text);
    expect(data.lastAssistantMessage.finishReason).toBe('stop');
    // One version: the edit that applied and the file written in full.
    expect(data.messages.filter((m: { role: string }) => m.role === 'assistant')).toHaveLength(2);
    const snapshot = parseSnapshot(data.snapshots[2]);
    expect(snapshot.files.find((file) => file.name === 'src/App.tsx')!.content).toContain('<h2>Monthly</h2>');
    expect(snapshot.files.find((file) => file.name === 'src/Card.tsx')!.content).toContain('Plan card</div>');
  });

  it('no second retry: a whole-file reply that edits and fails again is only named', async () => {
    const { client, chat } = await firstVersion();
    const before = ctx.llm.requests.length;
    const failing = editAnswer({ 'src/App.tsx': [{ search: '<h2>Not there</h2>', replace: '<h2>x</h2>' }] });
    ctx.llm.enqueue(
      { chunks: chunkText(failing) },
      { chunks: chunkText(failing) },
      { chunks: chunkText(APP) },
    );
    await generate(client, { id: chat.id, prompt: 'Add a subtitle' });
    await ctx.kiln.services.generation.settle();
    expect(ctx.llm.requests.length - before).toBe(2);
    const { data } = await chatData(client, chat.slug);
    const content: string = data.lastAssistantMessage.content;
    expect(content.split('Edit could not be applied to src/App.tsx.').length - 1).toBe(2);
    expect(parseSnapshot(data.snapshots[2]).files[0]!.content).toBe(APP);
    // The version is kept (the app is unchanged, not broken), and the next request is a fresh one.
    expect(data.lastAssistantMessage.version).toBe(2);
  });
});
