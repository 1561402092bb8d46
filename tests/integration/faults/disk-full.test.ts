import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { messages, versionCredits } from '../../../src/server/db/schema/index.ts';
import { addVersionCredits } from '../../../src/server/generation/quota.ts';
import { chunkText } from '../../fixtures/fake-llm/server.ts';
import {
  answer,
  createChat,
  generate,
  PDF_BYTES,
  signedUpUser,
  useKilnWithFakeLlm,
} from '../generation-helpers.ts';
import { canMount, mountSmallDisk } from './small-disk.ts';

/**
 * Issue 21 item 6, "disk full in the data folder": the local blob store (attachments, version
 * files, sites) on a disk with no room left. The person is told, is not charged a version for
 * it, nothing stored names a file that is not there, and it works again once there is room.
 */
describe.skipIf(!canMount)('faults: the data folder disk is full', () => {
  const ctx = useKilnWithFakeLlm();
  const disks: Array<{ unmount(): void }> = [];
  afterAll(() => {
    for (const disk of disks) disk.unmount();
  });

  it('refuses an attachment with a clear 507, charges nothing and stores no message naming it', async () => {
    const { kiln, llm } = ctx;
    const disk = mountSmallDisk(path.join(kiln.dataDir, 'blobs'));
    disks.push(disk);
    const { client, userId } = await signedUpUser(kiln);
    const chat = await createChat(client);
    // The month's versions used up in another chat, one bought version left: the next one spends it.
    const other = await createChat(client);
    const { versionLimit } = (await (await client.request('/api/me')).json()).quota;
    await kiln.services.db.insert(messages).values(
      Array.from({ length: versionLimit }, (_, index) =>
        (['user', 'assistant'] as const).map((role) => ({
          id: randomUUID(),
          chatId: other.id,
          userId,
          role,
          version: index + 1,
          content: 'earlier',
        })),
      ).flat(),
    );
    await addVersionCredits(kiln.services.db, userId, 1);
    const credits = async () =>
      (await kiln.services.db.select().from(versionCredits).where(eq(versionCredits.userId, userId)))[0]!
        .balance;
    disk.fill();

    const pdf = () => new File([PDF_BYTES], 'brief.pdf', { type: 'application/pdf' });
    const { response, text } = await generate(client, { id: chat.id, prompt: 'Follow the brief' }, [pdf()]);
    expect(response.status).toBe(507);
    expect(JSON.parse(text)).toMatchObject({
      error: {
        code: 'storage-full',
        message: "Kiln's storage is full, so your files could not be saved. Please try again later.",
      },
    });
    // No version, no message, no credit spent, no half-written file left in the store.
    const stored = await kiln.services.db.select().from(messages).where(eq(messages.chatId, chat.id));
    expect(stored).toEqual([]);
    expect(await credits()).toBe(1);
    const leftovers = fs.readdirSync(path.join(kiln.dataDir, 'blobs'), { recursive: true });
    expect(leftovers.filter((name) => String(name).endsWith('.tmp'))).toEqual([]);

    // Room again: the same request works, and its message names a file that is there.
    disk.free();
    llm.enqueue({ chunks: chunkText(answer('Brief', { 'src/App.tsx': 'export default () => null;' })) });
    const retried = await generate(client, { id: chat.id, prompt: 'Follow the brief' }, [pdf()]);
    expect(retried.response.status).toBe(200);
    await kiln.services.generation.settle();
    expect(await credits()).toBe(0);
    const [user] = await kiln.services.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chat.id), eq(messages.role, 'user')));
    const url = user!.files[0]!.url;
    expect((await client.request(url)).status).toBe(200);
  });
});
