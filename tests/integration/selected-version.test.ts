import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../src/core/plans/index.ts';
import { messages } from '../../src/server/db/schema/index.ts';
import { addVersionCredits } from '../../src/server/generation/quota.ts';
import { createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createTestKiln } from './test-app.ts';

/** Issue 12 item 7: `selectedVersion` names the base of the new version; it must exist. */
describe('POST /api/components with a selectedVersion', () => {
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_DEMO_DELAY_MS: '0' });
  });
  afterAll(async () => kiln.close());

  async function messagesOf(userId: string) {
    const [row] = await kiln.services.db
      .select({ total: count() })
      .from(messages)
      .where(eq(messages.userId, userId));
    return row?.total ?? 0;
  }

  it('that does not exist answers 404 version-not-found, storing and spending nothing', async () => {
    const { client, userId } = await signedUpUser(kiln);
    const chat = await createChat(client, 'react', 'A counter');
    expect((await generate(client, { id: chat.id, prompt: 'A counter' })).response.status).toBe(200);
    await kiln.services.generation.settle();
    // Fill the rest of the window, so that one more version would spend the one extra credit.
    const other = await createChat(client);
    const rows = [];
    for (let v = 1; v < PLANS.free.versionsPerWindow; v++) {
      for (const role of ['user', 'assistant'])
        rows.push({ id: crypto.randomUUID(), chatId: other.id, userId, role, version: v, content: 'x' });
    }
    await kiln.services.db.insert(messages).values(rows);
    await addVersionCredits(kiln.services.db, userId, 1);
    const before = await messagesOf(userId);

    for (const selectedVersion of [2, 7, 2147483647]) {
      const result = await generate(client, { id: chat.id, prompt: 'Make it blue', selectedVersion });
      expect(result.response.status).toBe(404);
      expect(JSON.parse(result.text)).toEqual({
        error: { code: 'version-not-found', message: `Version #${selectedVersion} does not exist.` },
      });
    }
    expect(await messagesOf(userId)).toBe(before);
    const me = await (await client.request('/api/me')).json();
    expect(me.quota.credits).toBe(1);

    // The version that exists is a base as before (and spends the credit).
    const ok = await generate(client, { id: chat.id, prompt: 'Make it blue', selectedVersion: 1 });
    expect(ok.response.status).toBe(200);
    expect(ok.version).toBe(2);
    await kiln.services.generation.settle();
  });

  it('on a chat with no version yet answers 404 too', async () => {
    const { client, userId } = await signedUpUser(kiln);
    const chat = await createChat(client);
    const result = await generate(client, { id: chat.id, prompt: 'A counter', selectedVersion: 1 });
    expect(result.response.status).toBe(404);
    expect(JSON.parse(result.text).error.code).toBe('version-not-found');
    expect(await messagesOf(userId)).toBe(0);
  });

  it('that is not a version number answers 400 invalid-version', async () => {
    const { client, userId } = await signedUpUser(kiln);
    const chat = await createChat(client);
    for (const selectedVersion of ['abc', '1.5', '2147483648', '12345678901234567890', '-1', '0', '']) {
      const result = await generate(client, { id: chat.id, prompt: 'A counter', selectedVersion });
      expect(result.response.status).toBe(400);
      expect(JSON.parse(result.text).error.code).toBe('invalid-version');
    }
    expect(await messagesOf(userId)).toBe(0);
  });
});
