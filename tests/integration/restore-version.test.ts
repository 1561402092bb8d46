import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseSnapshot, serializeSnapshot, type Snapshot } from '../../src/core/artifact/index.ts';
import { createManualVersion } from '../../src/server/chats/manual-version.ts';
import { PLANS } from '../../src/core/plans/index.ts';
import { messages } from '../../src/server/db/schema/index.ts';
import type { RealtimeEvent } from '../../src/server/realtime/events.ts';
import { chunkText } from '../fixtures/fake-llm/server.ts';
import {
  answer,
  chatData,
  createChat,
  generate,
  signedUpUser,
  startGeneration,
  useKilnWithFakeLlm,
} from './generation-helpers.ts';
import { TestClient } from './test-app.ts';

const page = (text: string) =>
  `<!doctype html>\n<html lang="en" data-theme="light">\n<body><h1>${text}</h1></body>\n</html>`;
const V1 = answer('First page', { 'index.html': page('One') });
const V2 = answer('Second page', { 'index.html': page('Two'), 'about.html': page('About') });

describe('restore a version (issue 17 item 5): a new version whose snapshot equals the chosen one', () => {
  const ctx = useKilnWithFakeLlm();

  async function chatWithTwoVersions(client: TestClient) {
    const chat = await createChat(client, 'html');
    for (const text of [V1, V2]) {
      ctx.llm.enqueue({ chunks: chunkText(text) });
      await generate(client, { id: chat.id, prompt: 'Build it' });
      await ctx.kiln.services.generation.settle();
    }
    return chat;
  }

  const restore = (client: TestClient, chatId: string, version: number | string) =>
    client.request(`/api/chats/${chatId}/versions/${version}/restore`, { method: 'POST' });

  const artifactOf = async (chatId: string, version: number) => {
    const rows = await ctx.kiln.services.db.select().from(messages).where(eq(messages.chatId, chatId));
    return rows.find((row) => row.role === 'assistant' && row.version === version)?.artifactCode ?? null;
  };

  it('stores version 1’s snapshot as version 3 without asking the model or spending the quota', async () => {
    const owner = await signedUpUser(ctx.kiln);
    const chat = await chatWithTwoVersions(owner.client);
    const events: RealtimeEvent[] = [];
    const unsubscribe = ctx.kiln.services.realtime.subscribe(chat.id, (event) => events.push(event));
    const modelCalls = ctx.llm.requests.length;
    const versionsUsed = async () =>
      ((await (await owner.client.request('/api/me')).json()) as { quota: { versionsUsed: number } }).quota
        .versionsUsed;
    const usedBefore = await versionsUsed();

    const started = performance.now();
    const response = await restore(owner.client, chat.id, 1);
    // Logged for the iteration benchmark (issue 17: restore ≤ 200 ms), never asserted.
    console.log(`restore_ms ${(performance.now() - started).toFixed(1)}`);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ version: 3 });
    unsubscribe();

    const restored = await artifactOf(chat.id, 3);
    expect(restored).toBe(await artifactOf(chat.id, 1));
    expect(parseSnapshot(restored).files.map((file) => file.name)).toEqual(['index.html']);
    expect(ctx.llm.requests.length).toBe(modelCalls);
    expect(await versionsUsed()).toBe(usedBefore);
    expect(events).toContainEqual({
      type: 'generation',
      chatId: chat.id,
      version: 3,
      state: 'finished',
      finishReason: 'stop',
    });

    const { data } = await chatData(owner.client, chat.slug);
    const version3 = (data.messages as { role: string; version: number; content: string }[]).filter(
      (message) => message.version === 3,
    );
    expect(version3.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(version3[0]!.content).toBe('Restore version #1');
    // Its preview build was requested: an HTML version is marked built by that request.
    expect(data.lastAssistantMessage).toMatchObject({ version: 3, finishReason: 'stop', isBuilt: true });
    expect(data.chat.title).toBe('First page');
    // The snapshot route (what the code view and the preview read) serves it too.
    const snapshot = await owner.client.request(`/api/chats/${chat.id}/versions/3/snapshot`);
    expect(((await snapshot.json()) as { artifactCode: string }).artifactCode).toBe(restored);
  });

  it('keeps the chosen snapshot exactly: order, locks and binary files’ blob references', async () => {
    const owner = await signedUpUser(ctx.kiln);
    const chat = await createChat(owner.client, 'react');
    const snapshot: Snapshot = {
      title: 'Shop',
      files: [
        { name: 'src/main.tsx', content: 'import "./App";\n', isLocked: false },
        {
          name: 'public/logo.png',
          content: '',
          isLocked: true,
          binary: { kind: 'blob', hash: 'a'.repeat(64), size: 3 },
        },
        { name: 'src/App.tsx', content: 'export default () => <p>Hi</p>;\r\n', isLocked: true },
      ],
    };
    const artifactCode = serializeSnapshot(snapshot);
    await ctx.kiln.services.db.insert(messages).values([
      { id: randomUUID(), chatId: chat.id, userId: owner.userId, role: 'user', version: 1, content: 'x' },
      {
        id: randomUUID(),
        chatId: chat.id,
        userId: owner.userId,
        role: 'assistant',
        version: 1,
        content: artifactCode,
        artifactCode,
        finishReason: 'stop',
      },
    ]);
    const response = await restore(owner.client, chat.id, 1);
    expect(response.status).toBe(201);
    expect(await artifactOf(chat.id, 2)).toBe(artifactCode);
    expect(parseSnapshot(await artifactOf(chat.id, 2))).toEqual(snapshot);
  });

  it('denials over HTTP: visitor 401, another user 403, unknown version 404, a running generation 409', async () => {
    const owner = await signedUpUser(ctx.kiln);
    const chat = await chatWithTwoVersions(owner.client);
    const stranger = await signedUpUser(ctx.kiln);

    const visitor = await restore(new TestClient(ctx.kiln), chat.id, 1);
    expect(visitor.status).toBe(401);
    const other = await restore(stranger.client, chat.id, 1);
    expect(other.status).toBe(403);
    const unknown = await restore(owner.client, chat.id, 7);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('version-not-found');
    expect((await restore(owner.client, chat.id, 'abc')).status).toBe(400);

    ctx.llm.enqueue({ chunks: chunkText(V1, 8), delayMs: 15 });
    const running = await startGeneration(owner.client, chat.id, 'Another');
    await running.body!.getReader().read();
    const busy = await restore(owner.client, chat.id, 1);
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as { error: unknown }).error).toMatchObject({
      code: 'generation-in-progress',
      version: 3,
    });
    await ctx.kiln.services.generation.settle();

    // Nothing was stored by the refused requests: versions 1, 2 and the generated 3.
    const rows = await ctx.kiln.services.db.select().from(messages).where(eq(messages.chatId, chat.id));
    expect(rows.map((row) => row.version).sort()).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('two restores at once never share a version number', async () => {
    const owner = await signedUpUser(ctx.kiln);
    const chat = await chatWithTwoVersions(owner.client);
    const responses = await Promise.all([
      restore(owner.client, chat.id, 1),
      restore(owner.client, chat.id, 2),
    ]);
    const created: number[] = [];
    for (const response of responses) {
      if (response.status === 201) created.push(((await response.json()) as { version: number }).version);
      else
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
          'generation-in-progress',
        );
    }
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created).size).toBe(created.length);
    const rows = await ctx.kiln.services.db.select().from(messages).where(eq(messages.chatId, chat.id));
    const answers = rows.filter((row) => row.role === 'assistant').map((row) => row.version);
    expect(answers.sort()).toEqual([1, 2, ...created].sort());
  });

  it('the service refuses a snapshot it could not store as it is (a binary file that is no blob)', async () => {
    const owner = await signedUpUser(ctx.kiln);
    const chat = await chatWithTwoVersions(owner.client);
    const viewer = {
      user: { id: owner.userId, name: 'Test User', email: owner.email },
      plan: PLANS.free,
      isPremium: false,
      periodStart: null,
    };
    await expect(
      createManualVersion(
        ctx.kiln.services,
        chat.id,
        viewer,
        {
          title: 'x',
          files: [{ name: 'a.png', content: 'AAAA', isLocked: false, binary: { kind: 'base64' } }],
        },
        'Save',
      ),
    ).rejects.toMatchObject({ status: 400, code: 'invalid-snapshot' });
  });
});
