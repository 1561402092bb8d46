import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Unzip, UnzipInflate } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ARTIFACT_FILES, parseSnapshot, serializeSnapshot } from '../../src/core/artifact/index.ts';
import { chats, messages } from '../../src/server/db/schema/index.ts';
import { fuzzRuns } from '../support/fuzz.ts';
import { chunkText } from '../fixtures/fake-llm/server.ts';
import { createChat, generate, signedUpUser, useKilnWithFakeLlm } from './generation-helpers.ts';

/**
 * Issue 21 item 4: file names a model writes — `..`, absolute, backslashes, Windows drive
 * letters, overlong names, 10,000 files — are refused or bounded all the way: in the stored
 * snapshot (the parser), in the downloaded zip (no zip slip, even for a snapshot stored before
 * the parser refused them) and at `/content` (it only ever redirects to the version's preview host).
 */

const EVIL = [
  '../../../escape.js',
  'src/../../escape.js',
  'src\\..\\..\\escape.js',
  'C:\\Windows\\evil.bat',
  'c:evil.js',
  `src/${'a'.repeat(300)}.js`,
  `${'deep/'.repeat(250)}x.js`,
];

/** Entry names of a zip, in order (fflate's streaming reader: no object keyed by name). */
function zipNames(zip: Uint8Array): string[] {
  const names: string[] = [];
  const unzip = new Unzip((file) => names.push(file.name));
  unzip.register(UnzipInflate);
  unzip.push(zip, true);
  return names;
}

function expectInsideProject(name: string) {
  expect(name).not.toMatch(/^\/|^[A-Za-z]:|\\|\0/);
  expect(name.split('/')).not.toContain('..');
  expect(Buffer.byteLength(name)).toBeLessThanOrEqual(1024);
}

describe('markup paths from a model: refused at the parser, the zip and /content', () => {
  const ctx = useKilnWithFakeLlm();
  // One owner for every case: signing up (password hashing) is the slow part.
  let owner: Awaited<ReturnType<typeof signedUpUser>>;
  beforeAll(async () => {
    owner = await signedUpUser(ctx.kiln);
  });

  async function generateFiles(names: string[]) {
    const chat = await createChat(owner.client);
    const body = names.map((name) => `<kilnFile name="${name}">\nexport default 1;\n</kilnFile>`).join('\n');
    ctx.llm.enqueue({ chunks: chunkText(`<kilnArtifact title="Paths">\n${body}\n</kilnArtifact>`, 4096) });
    const { response } = await generate(owner.client, { id: chat.id, prompt: 'Files' });
    expect(response.status).toBe(200);
    await ctx.kiln.services.generation.settle();
    return chat;
  }

  it('stores and zips only the safe names of an answer naming files outside the project', async () => {
    const chat = await generateFiles([...EVIL, '/etc/passwd', 'src/App.tsx']);
    const snapshot = await owner.client.request(`/api/chats/${chat.id}/versions/1/snapshot`);
    const names = parseSnapshot(((await snapshot.json()) as { artifactCode: string }).artifactCode).files.map(
      (file) => file.name,
    );
    expect(names).toEqual(['etc/passwd', 'src/App.tsx']);

    const zip = await owner.client.request(`/api/chats/${chat.id}/versions/1/zip`);
    expect(zip.status).toBe(200);
    const entries = zipNames(new Uint8Array(await zip.arrayBuffer()));
    expect(entries).toEqual(expect.arrayContaining(['etc/passwd', 'src/App.tsx']));
    for (const entry of entries) expectInsideProject(entry);
  });

  it('keeps the first MAX_ARTIFACT_FILES of an answer with 10,000 files', async () => {
    const chat = await generateFiles(Array.from({ length: 10_000 }, (_, i) => `src/f${i}.js`));
    const snapshot = await owner.client.request(`/api/chats/${chat.id}/versions/1/snapshot`);
    const files = parseSnapshot(((await snapshot.json()) as { artifactCode: string }).artifactCode).files;
    expect(files).toHaveLength(MAX_ARTIFACT_FILES);
  });

  it('zips no escaping entry from a snapshot stored before the parser refused such names', async () => {
    const chatId = randomUUID();
    const { db } = ctx.kiln.services;
    await db
      .insert(chats)
      .values({ id: chatId, userId: owner.userId, slug: `paths-${chatId}`, framework: 'html' });
    // Written as an old Kiln stored it: the serializer writes any name.
    const artifactCode = serializeSnapshot({
      title: 'Old',
      files: [...EVIL, 'index.html'].map((name) => ({ name, content: 'x', isLocked: false })),
    });
    await db.insert(messages).values([
      { id: randomUUID(), chatId, userId: owner.userId, role: 'user', version: 1, content: 'make it' },
      {
        id: randomUUID(),
        chatId,
        userId: owner.userId,
        role: 'assistant',
        version: 1,
        content: artifactCode,
        artifactCode,
        finishReason: 'stop',
      },
    ]);
    const zip = await owner.client.request(`/api/chats/${chatId}/versions/1/zip`);
    expect(zip.status).toBe(200);
    const entries = zipNames(new Uint8Array(await zip.arrayBuffer()));
    expect(entries).toContain('index.html');
    for (const entry of entries) expectInsideProject(entry);
  });

  it('/content redirects any path only to the version’s own preview host, or answers 404', async () => {
    const chat = await generateFiles(['index.html']);
    const preview = new URL(ctx.kiln.services.preview.previewUrl(chat.id, 1));
    const segment = fc.oneof(
      fc.constantFrom(
        '..',
        '%2e%2e',
        '.%2E',
        '%2F',
        '%5C',
        '\\',
        '%00',
        'C:',
        '%2e%2e%2f',
        '//evil.example',
        '@evil.example',
      ),
      fc
        .string({ unit: 'binary', maxLength: 12 })
        .map((text) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, ''))),
      fc.constant('a'.repeat(2000)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 6 }), async (parts) => {
        const address = `/content/${chat.id}/1/${parts.join('/')}`;
        // A URL's own `..` is resolved before it is sent (by browsers and by fetch alike).
        fc.pre(new URL(address, 'http://kiln.test').pathname.startsWith(`/content/${chat.id}/1/`));
        const response = await owner.client.request(address, {
          redirect: 'manual',
        });
        expect([302, 404]).toContain(response.status);
        if (response.status === 302) {
          const location = new URL(response.headers.get('location')!);
          expect(location.origin).toBe(preview.origin);
        }
        await response.body?.cancel();
      }),
      { numRuns: fuzzRuns(30) },
    );
  });
});
