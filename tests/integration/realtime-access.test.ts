import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createChat, signedUpUser } from './generation-helpers.ts';
import { createFreshDatabase } from './postgres-server.ts';
import { createTestKiln, TestClient } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

/** An open `GET /api/chats/:id/events` stream, read as it arrives. */
async function openEvents(client: TestClient, chatId: string) {
  const controller = new AbortController();
  const response = await client.request(`/api/chats/${chatId}/events`, { signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const stream = {
    /** Reads until `pattern` appears; false if the stream ended first. */
    async readUntil(pattern: string): Promise<boolean> {
      while (!text.includes(pattern)) {
        const { value, done } = await reader.read();
        if (done) return false;
        text += decoder.decode(value, { stream: true });
      }
      return true;
    },
    /** Reads until the server ends the stream. */
    async readToEnd(): Promise<string> {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return text;
        text += decoder.decode(value, { stream: true });
      }
    },
    get text() {
      return text;
    },
    close() {
      controller.abort();
      void reader.cancel().catch(() => undefined);
    },
  };
  expect(await stream.readUntil(': connected')).toBe(true);
  return stream;
}

/**
 * Issue 12 item 5: a stranger's live event stream, opened while the chat was public, kept
 * receiving its events after the owner made it private. Now each stream asks the policy again
 * when the visibility changes, and closes for viewers who lost access; over HTTP, with the
 * in-process realtime and with PostgreSQL LISTEN/NOTIFY.
 */
for (const database of ['embedded', 'postgres'] as const) {
  describe(`a chat turning private closes the streams of those who lost access (${database})`, () => {
    let kiln: TestKiln;
    beforeAll(async () => {
      kiln = await createTestKiln(
        database === 'postgres' ? { DATABASE_URL: await createFreshDatabase(inject('postgresUrl')) } : {},
      );
    });
    afterAll(async () => kiln?.close());

    it('the stranger’s and the visitor’s streams end; the owner’s stays open and hears on', async () => {
      const owner = await signedUpUser(kiln, { premium: true });
      const stranger = await signedUpUser(kiln);
      const chat = await createChat(owner.client, 'html');
      const visitorClient = new TestClient(kiln);

      const ownerStream = await openEvents(owner.client, chat.id);
      const strangerStream = await openEvents(stranger.client, chat.id);
      const visitorStream = await openEvents(visitorClient, chat.id);

      // Still public: everyone hears.
      kiln.services.realtime.publish({ type: 'refresh-preview', chatId: chat.id, version: 1 });
      for (const stream of [ownerStream, strangerStream, visitorStream]) {
        expect(await stream.readUntil('"refresh-preview"')).toBe(true);
      }

      const made = await owner.client.request(`/api/chats/${chat.id}/visibility`, {
        method: 'POST',
        json: { isPublic: false },
      });
      expect(made.status).toBe(200);

      // The stranger's and the visitor's streams end, without the visibility event itself.
      for (const stream of [strangerStream, visitorStream]) {
        const text = await stream.readToEnd();
        expect(text).not.toContain('"visibility"');
      }
      // Asking again is refused like any private chat of someone else.
      expect((await stranger.client.request(`/api/chats/${chat.id}/events`)).status).toBe(404);

      // The owner keeps the stream: the change, then what follows.
      expect(await ownerStream.readUntil('"visibility"')).toBe(true);
      kiln.services.realtime.publish({ type: 'file-change', chatId: chat.id, version: 1 });
      expect(await ownerStream.readUntil('"file-change"')).toBe(true);
      expect(strangerStream.text).not.toContain('"file-change"');
      ownerStream.close();
    });

    it('a chat made public again leaves every stream open', async () => {
      const owner = await signedUpUser(kiln, { premium: true });
      const chat = await createChat(owner.client, 'html');
      const toPrivate = await owner.client.request(`/api/chats/${chat.id}/visibility`, {
        method: 'POST',
        json: { isPublic: false },
      });
      expect(toPrivate.status).toBe(200);
      const ownerStream = await openEvents(owner.client, chat.id);
      await owner.client.request(`/api/chats/${chat.id}/visibility`, {
        method: 'POST',
        json: { isPublic: true },
      });
      expect(await ownerStream.readUntil('"isPrivate":false')).toBe(true);
      const stranger = await signedUpUser(kiln);
      const strangerStream = await openEvents(stranger.client, chat.id);
      kiln.services.realtime.publish({ type: 'refresh-preview', chatId: chat.id });
      expect(await strangerStream.readUntil('"refresh-preview"')).toBe(true);
      ownerStream.close();
      strangerStream.close();
    });
  });
}
