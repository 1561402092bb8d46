import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { parseSnapshot, serializeSnapshot } from '../../src/core/artifact/index.ts';
import { messages } from '../../src/server/db/schema/index.ts';
import type { ModelReader } from '../../src/server/generation/model-worker.ts';
import { chunkText } from '../fixtures/fake-llm/server.ts';
import {
  answer,
  startGeneration,
  chatData,
  createChat,
  useKilnWithFakeLlm,
  generate,
  generationForm,
  signedUpUser,
  statementsOf,
} from './generation-helpers.ts';

const APP = answer('Pricing table', {
  'src/App.tsx': 'export default function App() {\n  return <h1>Pricing</h1>;\n}',
  'src/components/Card.tsx': 'export function Card() {\n  return <div>Card</div>;\n}',
});

for (const provider of ['openai', 'anthropic'] as const) {
  describe(`generation through the ${provider} protocol (real client, fake server)`, () => {
    const ctx = useKilnWithFakeLlm(provider);
    it('streams the answer, saves both messages and derives the snapshot', async () => {
      const { client } = await signedUpUser(ctx.kiln);
      const chat = await createChat(client);
      ctx.llm.enqueue({ chunks: chunkText(APP) });
      const { response, text, version } = await generate(client, { id: chat.id, prompt: 'A pricing table' });
      expect(response.status).toBe(200);
      expect(version).toBe(1);
      expect(text).toBe(APP);
      await ctx.kiln.services.generation.settle();

      const { data } = await chatData(client, chat.slug);
      expect(data.chat.title).toBe('Pricing table');
      expect(data.messages.map((m: { role: string; version: number }) => `${m.role}:${m.version}`)).toEqual([
        'user:1',
        'assistant:1',
      ]);
      expect(data.lastUserMessage.content).toBe('A pricing table');
      expect(data.lastAssistantMessage).toMatchObject({ content: APP, finishReason: 'stop' });
      const snapshot = parseSnapshot(data.snapshots[1]);
      expect(snapshot.files.map((f) => f.name)).toEqual(['src/App.tsx', 'src/components/Card.tsx']);

      // The model saw the framework's system prompt and the user's prompt.
      const request = JSON.stringify(ctx.llm.requests.at(-1)!.body);
      expect(request).toContain('Target framework: react');
      expect(request).toContain('A pricing table');
    });
  });
}

describe('versions, continuation and locks', () => {
  const ctx = useKilnWithFakeLlm();

  it('a length finish appends the marker, and Continue generation merges the rest with the overlap rule', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    const cut =
      '<kilnArtifact title="Todo">\n<kilnFile name="src/App.tsx">\nexport default function App() {\n  return <ul>';
    ctx.llm.enqueue({ chunks: chunkText(cut), finishReason: 'length' });
    await generate(client, { id: chat.id, prompt: 'A todo list' });
    await ctx.kiln.services.generation.settle();
    let { data } = await chatData(client, chat.slug);
    expect(data.lastAssistantMessage.finishReason).toBe('length');
    expect(data.lastAssistantMessage.content.endsWith('<!-- FINISH_REASON: length -->')).toBe(true);

    // The model repeats the tail it was shown ("return <ul>") before writing the rest.
    const rest =
      '<kilnArtifact title="Todo">\n<kilnFile name="src/App.tsx" action="continue">\n  return <ul><li>Milk</li></ul>;\n}\n</kilnFile>\n</kilnArtifact>';
    ctx.llm.enqueue({ chunks: chunkText(rest) });
    const continued = await generate(client, {
      id: chat.id,
      prompt: '',
      action: 'continue',
      selectedVersion: 1,
    });
    expect(continued.response.status).toBe(200);
    expect(continued.version).toBe(2);
    await ctx.kiln.services.generation.settle();
    // The model gets the spec's prompt with the cut-off answer's tail; the stored message is the
    // spec's text alone (the chat shows it as 'Continue generation', not the internal prompt).
    const sent = JSON.stringify(ctx.llm.requests.at(-1)!.body);
    expect(sent).toContain('Continue exactly where you left off');
    expect(sent).toContain('return <ul>');
    ({ data } = await chatData(client, chat.slug));
    expect(data.lastUserMessage.content).toBe('Continue exactly where you left off');
    const app = parseSnapshot(data.snapshots[2]).files.find((f) => f.name === 'src/App.tsx')!;
    expect(app.content).toBe('export default function App() {\n  return <ul><li>Milk</li></ul>;\n}');

    // Version 2 completed version 1: version 1 can no longer be continued, and nothing is spent.
    const before = ctx.llm.requests.length;
    const again = await generate(client, { id: chat.id, prompt: '', action: 'continue', selectedVersion: 1 });
    expect(again.response.status).toBe(409);
    expect(JSON.parse(again.text).error.code).toBe('nothing-to-continue');
    expect(ctx.llm.requests.length).toBe(before);
    ({ data } = await chatData(client, chat.slug));
    expect(data.lastAssistantMessage.version).toBe(2);
  });

  it('asks the database twice before the model, and prepares the standby after asking it (issue 34 item 3)', async () => {
    const { client } = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: chunkText(APP) });
    await generate(client, { id: chat.id, prompt: 'A pricing table' });
    await ctx.kiln.services.generation.settle();
    // What happens in order: the model is asked (its reader called), the builder's standby prepared.
    const events: string[] = [];
    const standby = vi
      .spyOn(ctx.kiln.services.preview, 'prepareStandby')
      .mockImplementation(() => void events.push('standby'));
    const deps = (ctx.kiln.services.generation as unknown as { deps: { readModel: ModelReader } }).deps;
    const readModel = deps.readModel;
    deps.readModel = (...args) => {
      events.push('model asked');
      return readModel(...args);
    };
    // As the web app asks: the chat in the address (checked before the body is read) and the
    // version viewed. Before the model: the statements sent, and what the model was sent.
    const ask = async (selectedVersion: number, prompt: string) => {
      const asked = await statementsOf(ctx.kiln, ctx.llm, async () => {
        const response = await client.request(`/api/components?id=${chat.id}`, {
          method: 'POST',
          body: generationForm({ id: chat.id, prompt, selectedVersion }),
        });
        return { status: response.status, text: await response.text() };
      });
      await ctx.kiln.services.generation.settle();
      return { ...asked, sent: JSON.stringify(ctx.llm.requests.at(-1)!.body) };
    };
    const READ = /^select "chats"\."id", .* left join lateral .* from "messages"/;
    const WRITE = /^with "stored" as \(insert into "messages" .*\) insert into "running_generations"/;
    // A frozen clock keeps the session and the plan cached: their lookups are not the generation's.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await client.me();
      // Refused (an empty prompt): nothing is prepared for it.
      expect((await generate(client, { id: chat.id, prompt: '' })).response.status).toBe(400);
      expect(events).toEqual([]);

      // On the latest version: the chat's check is the read of everything the checks need, then
      // one write claims the chat with both messages.
      const CHEAPER = answer('Cheaper', { 'src/App.tsx': 'export default () => <p>Cheaper</p>;' });
      ctx.llm.enqueue({ chunks: chunkText(CHEAPER) });
      const latest = await ask(1, 'Make it cheaper');
      expect(latest.result).toEqual({ status: 200, text: CHEAPER });
      expect(latest.statements.slice(0, latest.beforeModel ?? 0)).toEqual([
        expect.stringMatching(READ),
        expect.stringMatching(WRITE),
      ]);
      // The builder's standby is prepared once the model is asked, not before.
      expect(events).toEqual(['model asked', 'standby']);

      // On an older version: read again for that version, whose snapshot the model is sent.
      ctx.llm.enqueue({ chunks: chunkText(APP) });
      const older = await ask(1, 'Back to the table');
      expect(older.result.status).toBe(200);
      expect(older.statements.slice(0, older.beforeModel ?? 0)).toEqual([
        expect.stringMatching(READ),
        expect.stringMatching(READ),
        expect.stringMatching(WRITE),
      ]);
      expect(older.sent).toContain('Pricing');
      expect(older.sent).not.toContain('Cheaper');
    } finally {
      vi.useRealTimers();
      standby.mockRestore();
      deps.readModel = readModel;
    }
  });

  it('only a cut-off version can be continued', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: chunkText(APP) });
    await generate(client, { id: chat.id, prompt: 'A pricing table' });
    await ctx.kiln.services.generation.settle();
    const { response } = await generate(client, { id: chat.id, prompt: '', action: 'continue' });
    expect(response.status).toBe(409);
  });

  it('locked files are listed to the model and stay unchanged whatever it writes', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: chunkText(APP) });
    await generate(client, { id: chat.id, prompt: 'A pricing table' });
    await ctx.kiln.services.generation.settle();
    let { data } = await chatData(client, chat.slug);
    const snapshot = parseSnapshot(data.snapshots[1]);
    snapshot.files[0]!.isLocked = true;
    const saved = await client.request(`/api/chats/${chat.id}/artifact`, {
      method: 'PUT',
      json: { version: 1, artifactCode: serializeSnapshot(snapshot) },
    });
    expect(saved.status).toBe(200);

    ctx.llm.enqueue({
      chunks: chunkText(
        answer('Pricing v2', {
          'src/App.tsx': 'HACKED',
          'src/components/Card.tsx': 'export const Card = 1;',
        }),
      ),
    });
    await generate(client, { id: chat.id, prompt: 'Rewrite everything', selectedVersion: 1 });
    await ctx.kiln.services.generation.settle();
    expect(JSON.stringify(ctx.llm.requests.at(-1)!.body)).toContain(
      '<locked_files>\\nsrc/App.tsx\\n</locked_files>',
    );
    ({ data } = await chatData(client, chat.slug));
    const next = parseSnapshot(data.snapshots[2]);
    expect(next.files[0]).toEqual({
      name: 'src/App.tsx',
      content: snapshot.files[0]!.content,
      isLocked: true,
    });
    expect(next.files[1]!.content).toBe('export const Card = 1;');
  });

  it('saving locks refuses any change of content', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: chunkText(APP) });
    await generate(client, { id: chat.id, prompt: 'A pricing table' });
    await ctx.kiln.services.generation.settle();
    const { data } = await chatData(client, chat.slug);
    const snapshot = parseSnapshot(data.snapshots[1]);
    snapshot.files[0]!.content = 'evil';
    const response = await client.request(`/api/chats/${chat.id}/artifact`, {
      method: 'PUT',
      json: { version: 1, artifactCode: serializeSnapshot(snapshot) },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('only-locks-may-change');
    const stored = await chatData(client, chat.slug);
    expect(stored.data.snapshots[1]).toBe(data.snapshots[1]);
  });

  it('an empty answer removes the version (Generation failed)', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: [] });
    const { response, text } = await generate(client, { id: chat.id, prompt: 'Anything' });
    expect(response.status).toBe(200);
    expect(text).toBe('');
    await ctx.kiln.services.generation.settle();
    const { data } = await chatData(client, chat.slug);
    expect(data.messages).toEqual([]);
  });

  it('retries 429 and 5xx before the first token', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    const before = ctx.llm.requests.length;
    ctx.llm.enqueue({ chunks: chunkText(APP), failFirst: [429, 503] });
    const { text } = await generate(client, { id: chat.id, prompt: 'A pricing table' });
    expect(text).toBe(APP);
    expect(ctx.llm.requests.length - before).toBe(3);
  });

  it('a connection lost mid-stream keeps the partial answer with an error finish', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    const chunks = chunkText(APP, 10);
    ctx.llm.enqueue({ chunks, dropAfter: 5 });
    const { text } = await generate(client, { id: chat.id, prompt: 'A pricing table' });
    expect(text).toBe(chunks.slice(0, 5).join(''));
    await ctx.kiln.services.generation.settle();
    const { data } = await chatData(client, chat.slug);
    expect(data.lastAssistantMessage.finishReason).toBe('error');
    expect(data.lastAssistantMessage.content).toBe(`${text}\n<!-- FINISH_REASON: error -->`);
  });
});

describe('generation runs independently of the HTTP connection', () => {
  const ctx = useKilnWithFakeLlm();

  it('a client that disconnects re-attaches and sees the whole text', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: chunkText(APP, 8), delayMs: 15 });
    const response = await startGeneration(client, chat.id);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel(); // the browser went away

    // A reload finds which version is being generated, and re-attaches to it.
    expect((await chatData(client, chat.slug)).data.generation).toEqual({ version: 1 });
    const reattached = await client.request(`/api/components/${chat.id}/versions/1/stream`);
    expect(await reattached.text()).toBe(APP);
    const { data } = await chatData(client, chat.slug);
    expect(data.lastAssistantMessage.finishReason).toBe('stop');
    expect(data.generation).toBeNull();
  });

  it('a second prompt while one runs is refused', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: chunkText(APP, 8), delayMs: 15 });
    const first = startGeneration(client, chat.id);
    await (await first).body!.getReader().read();
    const second = await generate(client, { id: chat.id, prompt: 'Another' });
    expect(second.response.status).toBe(409);
    expect(JSON.parse(second.text).error).toMatchObject({ code: 'generation-in-progress', version: 1 });
    await ctx.kiln.services.generation.settle();
  });

  it('an explicit stop keeps the partial answer with an error finish, so it can be continued', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: chunkText(APP, 4), delayMs: 20 });
    const started = startGeneration(client, chat.id);
    const reader = (await started).body!.getReader();
    await reader.read();
    const stop = await client.request(`/api/components/${chat.id}/stop`, { method: 'POST' });
    expect(await stop.json()).toEqual({ stopped: true });
    await ctx.kiln.services.generation.settle();
    const { data } = await chatData(client, chat.slug);
    expect(data.lastAssistantMessage.finishReason).toBe('error');
    expect(data.lastAssistantMessage.content.length).toBeLessThan(APP.length);
    expect(data.lastAssistantMessage.content.endsWith('<!-- FINISH_REASON: error -->')).toBe(true);
  });

  it('signing out stops the running generation', async () => {
    const { client } = await signedUpUser(ctx.kiln);
    const chat = await createChat(client);
    ctx.llm.enqueue({ chunks: chunkText(APP, 4), delayMs: 20 });
    const started = startGeneration(client, chat.id);
    await (await started).body!.getReader().read();
    const signOut = await client.request('/api/auth/sign-out', { method: 'POST', json: {} });
    expect(signOut.status).toBe(200);
    await ctx.kiln.services.generation.settle();
    const [row] = await ctx.kiln.services.db.select().from(messages).where(eq(messages.chatId, chat.id));
    const assistant = (
      await ctx.kiln.services.db.select().from(messages).where(eq(messages.chatId, chat.id))
    ).find((m) => m.role === 'assistant')!;
    expect(row).toBeDefined();
    expect(assistant.finishReason).toBe('error');
    expect(assistant.content.length).toBeLessThan(APP.length);
  });
});
