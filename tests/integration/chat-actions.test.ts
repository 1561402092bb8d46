import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseSnapshot } from '../../src/core/artifact/index.ts';
import { marketplaceListings } from '../../src/server/db/schema/index.ts';
import { chunkText } from '../fixtures/fake-llm/server.ts';
import {
  answer,
  chatData,
  createChat,
  useKilnWithFakeLlm,
  generate,
  signedUpUser,
} from './generation-helpers.ts';
import { TestClient } from './test-app.ts';

const V1 = answer('Landing', { 'src/App.tsx': 'export default function App() { return <h1>One</h1>; }' });
const V2 = answer('Landing', { 'src/App.tsx': 'export default function App() { return <h1>Two</h1>; }' });
const HTML = answer('Hero', {
  'index.html':
    '<!doctype html>\n<html lang="en" data-theme="light">\n<body><h1 class="text-primary">Hi</h1></body>\n</html>',
});

describe('chat actions (spec §7) with their permission denials', () => {
  const ctx = useKilnWithFakeLlm();

  async function chatWithVersions(client: TestClient, answers: string[], framework = 'react') {
    const chat = await createChat(client, framework);
    for (const text of answers) {
      ctx.llm.enqueue({ chunks: chunkText(text) });
      await generate(client, { id: chat.id, prompt: 'Build it' });
      await ctx.kiln.services.generation.settle();
    }
    return chat;
  }

  it('like / unlike: logged-in users; visitors are asked to log in', async () => {
    const owner = await signedUpUser(ctx.kiln);
    const chat = await chatWithVersions(owner.client, [V1]);
    const fan = await signedUpUser(ctx.kiln);
    expect(await (await fan.client.request(`/api/chats/${chat.id}/like`, { method: 'POST' })).json()).toEqual(
      {
        isLiked: true,
        likeCount: 1,
      },
    );
    expect((await chatData(fan.client, chat.slug)).data.isLiked).toBe(true);
    expect(await (await fan.client.request(`/api/chats/${chat.id}/like`, { method: 'POST' })).json()).toEqual(
      {
        isLiked: false,
        likeCount: 0,
      },
    );
    const visitor = await new TestClient(ctx.kiln).request(`/api/chats/${chat.id}/like`, { method: 'POST' });
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).error.message).toBe('Please login to like a component');
  });

  it('visibility: premium owner only; public is blocked while an active marketplace listing exists', async () => {
    const free = await signedUpUser(ctx.kiln);
    const freeChat = await chatWithVersions(free.client, [V1]);
    const refused = await free.client.request(`/api/chats/${freeChat.id}/visibility`, {
      method: 'POST',
      json: { isPublic: false },
    });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.message).toBe(
      'You are not premium, the visibility cannot be changed...',
    );

    const owner = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await chatWithVersions(owner.client, [V1]);
    const hidden = await owner.client.request(`/api/chats/${chat.id}/visibility`, {
      method: 'POST',
      json: { isPublic: false },
    });
    expect(await hidden.json()).toEqual({ isPrivate: true });
    expect((await new TestClient(ctx.kiln).request(`/api/chats/by-slug/${chat.slug}`)).status).toBe(404);

    await ctx.kiln.services.db
      .insert(marketplaceListings)
      .values({ id: crypto.randomUUID(), chatId: chat.id, sellerId: owner.userId, isActive: true });
    const blocked = await owner.client.request(`/api/chats/${chat.id}/visibility`, {
      method: 'POST',
      json: { isPublic: true },
    });
    expect(blocked.status).toBe(409);
    expect((await chatData(owner.client, chat.slug)).data.chat.isPrivate).toBe(true);
  });

  it('remix: premium; version 1 of the new chat is the chosen snapshot; a remix is not remixed again', async () => {
    const author = await signedUpUser(ctx.kiln);
    const chat = await chatWithVersions(author.client, [V1, V2]);
    const free = await signedUpUser(ctx.kiln);
    const denied = await free.client.request(`/api/chats/${chat.id}/remix`, {
      method: 'POST',
      json: { version: 1 },
    });
    expect(denied.status).toBe(402);
    expect((await denied.json()).error.message).toBe('Only subscribers can remix projects...');

    const fan = await signedUpUser(ctx.kiln, { premium: true });
    const response = await fan.client.request(`/api/chats/${chat.id}/remix`, {
      method: 'POST',
      json: { version: 1 },
    });
    expect(response.status).toBe(201);
    const remix = await response.json();
    const { data } = await chatData(fan.client, remix.slug);
    expect(data.chat.remixChatId).toBe(chat.id);
    expect(data.remixOf).toEqual({ slug: chat.slug, title: 'Landing' });
    expect(data.chat.userId).toBe(fan.userId);
    const original = (await chatData(author.client, chat.slug)).data;
    const v1 = await (await author.client.request(`/api/chats/${chat.id}/versions/1/snapshot`)).json();
    expect(parseSnapshot(data.snapshots[1])).toEqual(parseSnapshot(v1.artifactCode));
    expect(original.messages).toHaveLength(4);

    const again = await fan.client.request(`/api/chats/${remix.chatId}/remix`, {
      method: 'POST',
      json: { version: 1 },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('already-remixed');
  });

  it('delete version: premium and more than 2 messages; the newest remaining is selected', async () => {
    const owner = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await chatWithVersions(owner.client, [V1, V2]);
    let { data } = await chatData(owner.client, chat.slug);
    const v2 = data.messages.find(
      (m: { role: string; version: number }) => m.role === 'assistant' && m.version === 2,
    );
    const other = await signedUpUser(ctx.kiln, { premium: true });
    expect((await other.client.request(`/api/messages/${v2.id}`, { method: 'DELETE' })).status).toBe(403);

    const deleted = await owner.client.request(`/api/messages/${v2.id}`, { method: 'DELETE' });
    expect(await deleted.json()).toEqual({ deletedVersion: 2, selectedVersion: 1 });
    ({ data } = await chatData(owner.client, chat.slug));
    expect(data.messages).toHaveLength(2);
    const v1 = data.messages.find((m: { role: string }) => m.role === 'assistant');
    const last = await owner.client.request(`/api/messages/${v1.id}`, { method: 'DELETE' });
    expect(last.status).toBe(409);

    const free = await signedUpUser(ctx.kiln);
    const freeChat = await chatWithVersions(free.client, [V1, V2]);
    const freeData = (await chatData(free.client, freeChat.slug)).data;
    const refused = await free.client.request(`/api/messages/${freeData.lastAssistantMessage.id}`, {
      method: 'DELETE',
    });
    expect(refused.status).toBe(402);
    expect((await refused.json()).error.message).toBe("You are not premium, you can't delete a version...");
  });

  it('theme (HTML): saves new code for the version; the current theme changes nothing', async () => {
    const owner = await signedUpUser(ctx.kiln);
    const chat = await chatWithVersions(owner.client, [HTML], 'html');
    const same = await owner.client.request(`/api/chats/${chat.id}/theme`, {
      method: 'POST',
      json: { theme: 'light', version: 1 },
    });
    expect((await same.json()).changed).toBe(false);
    const changed = await owner.client.request(`/api/chats/${chat.id}/theme`, {
      method: 'POST',
      json: { theme: 'dracula', version: 1 },
    });
    expect((await changed.json()).changed).toBe(true);
    const { data } = await chatData(owner.client, chat.slug);
    expect(parseSnapshot(data.snapshots[1]).files[0]!.content).toContain(
      '<html lang="en" data-theme="dracula">',
    );
    const stranger = await signedUpUser(ctx.kiln);
    const denied = await stranger.client.request(`/api/chats/${chat.id}/theme`, {
      method: 'POST',
      json: { theme: 'dark', version: 1 },
    });
    expect(denied.status).toBe(403);
  });

  it('zip: anyone who may view downloads kiln-dev.zip with the snapshot completed by the template', async () => {
    const owner = await signedUpUser(ctx.kiln);
    const chat = await chatWithVersions(owner.client, [V1]);
    const response = await new TestClient(ctx.kiln).request(`/api/chats/${chat.id}/versions/1/zip`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="kiln-dev.zip"');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(strFromU8(files['src/App.tsx']!)).toBe('export default function App() { return <h1>One</h1>; }');
    expect(Object.keys(files)).toContain('package.json');
    expect(JSON.parse(strFromU8(files['package.json']!)).scripts).toHaveProperty('build');
  });
});
