import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/server/db/schema/index.ts';
import { chunkText } from '../fixtures/fake-llm/server.ts';
import { fuzzRuns } from '../support/fuzz.ts';
import { answer, createChat, PNG_BYTES, signedUpUser, useKilnWithFakeLlm } from './generation-helpers.ts';
import type { TestClient } from './test-app.ts';

/**
 * Issue 21 item 5: `POST /api/components` (spec §7) reads a multipart body from anyone signed
 * in. Over a real HTTP connection, random and malformed bodies — broken boundaries, truncated
 * parts, odd headers, hostile file names, bytes that are no UTF-8 — never answer a 5xx, every
 * refusal has the documented error body, and a chat never holds half a version (a user message
 * without its answer, or an attachment of no message).
 */

const BOUNDARY = 'kiln-fuzz-boundary';
const CRLF = '\r\n';

/** The text of a field value or a file name: ordinary, hostile, or arbitrary. */
const text = fc.oneof(
  fc.constantFrom(
    'A pricing table',
    '',
    '1',
    '999',
    'continue',
    '../../etc/passwd',
    'C:\\x.png',
    'a\0b',
    '%00',
    '"',
    '\r\n',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const fieldName = fc.oneof(
  fc.constantFrom('id', 'prompt', 'selectedVersion', 'action', 'selection', 'files', 'files[]'),
  fc.string({ maxLength: 8 }),
);
const fileType = fc.constantFrom('image/png', 'application/pdf', 'text/html', 'image/svg+xml', '', 'x/"y"');
const fileBytes = fc.oneof(fc.constant(PNG_BYTES), fc.uint8Array({ maxLength: 64 }));

const encoder = new TextEncoder();
const bytes = (value: string | Uint8Array) => (typeof value === 'string' ? encoder.encode(value) : value);

/** One part of a body: a field, a file, or a mangled part. */
const part = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fieldName, text)
      .map(([name, value]) => [`Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}`, value]),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('files', 'files[]'), text, fileType, fileBytes)
      .map(([name, filename, type, data]) => [
        `Content-Disposition: form-data; name="${name}"; filename="${filename}"${CRLF}Content-Type: ${type}${CRLF}${CRLF}`,
        data,
      ]),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }))
      .map(([headers, value]) => [headers, value]),
  },
) as fc.Arbitrary<[string, string | Uint8Array]>;

/** The fields of a plausible generation: the web app's form, with some values off. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 4 });
const plausibleParts = fc
  .record({
    prompt: fc.oneof(
      { weight: 3, arbitrary: fc.constant('A pricing table') },
      { weight: 1, arbitrary: text },
    ),
    selectedVersion: sometimes(fc.oneof(fc.constantFrom('1', '2'), text)),
    action: sometimes(fc.constantFrom('continue', 'x')),
    selection: sometimes(fc.oneof(fc.constant('{}'), text)),
  })
  .map((fields) =>
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
  .chain((fields) =>
    fc
      .array(fc.tuple(text, fc.constantFrom('image/png', 'application/pdf', 'text/html'), fileBytes), {
        maxLength: 2,
      })
      .map((files) => [
        ...fields.map(([name, value]): [string, string | Uint8Array] => [
          `Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}`,
          value,
        ]),
        ...files.map(([filename, type, data]): [string, string | Uint8Array] => [
          `Content-Disposition: form-data; name="files"; filename="${filename.replace(/["\r\n]/g, '')}"${CRLF}Content-Type: ${type}${CRLF}${CRLF}`,
          data,
        ]),
      ]),
  );

/** A multipart body: well formed, truncated, or with its boundaries mangled. */
const body = fc
  .tuple(
    fc.oneof(
      { weight: 3, arbitrary: plausibleParts },
      { weight: 2, arbitrary: fc.array(part, { maxLength: 5 }) },
    ),
    fc.oneof(
      { weight: 4, arbitrary: fc.constant('well-formed') },
      {
        weight: 1,
        arbitrary: fc.constantFrom('no-end', 'truncated', 'lf-only', 'wrong-boundary', 'garbage-after'),
      },
    ),
    fc.nat(200),
  )
  .map(([parts, shape, cut]) => {
    const boundary = shape === 'wrong-boundary' ? 'other' : BOUNDARY;
    const newline = shape === 'lf-only' ? '\n' : CRLF;
    const chunks: Uint8Array[] = [];
    for (const [headers, value] of parts) {
      chunks.push(
        bytes(`--${boundary}${newline}${headers.replaceAll(CRLF, newline)}`),
        bytes(value),
        bytes(newline),
      );
    }
    if (shape !== 'no-end') chunks.push(bytes(`--${boundary}--${newline}`));
    if (shape === 'garbage-after') chunks.push(bytes('--\0\xff'));
    const all = Buffer.concat(chunks);
    return shape === 'truncated' ? all.subarray(0, Math.min(cut, all.length)) : all;
  });

const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constant(`multipart/form-data; boundary=${BOUNDARY}`) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `multipart/form-data; boundary="${BOUNDARY}"`,
      'multipart/form-data',
      'multipart/form-data; boundary=',
      `multipart/form-data; boundary=${'b'.repeat(200)}`,
      'multipart/mixed; boundary=x',
      'application/x-www-form-urlencoded',
      'application/json',
    ),
  },
);

describe('POST /api/components under random and malformed multipart bodies (HTTP)', () => {
  const ctx = useKilnWithFakeLlm();
  let server: ServerType;
  let base: string;
  let owner: Awaited<ReturnType<typeof signedUpUser>>;
  let chatId: string;

  const cookieOf = (client: TestClient) =>
    [...(client as unknown as { cookies: Map<string, string> }).cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');

  beforeAll(async () => {
    server = serve({ fetch: ctx.kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    owner = await signedUpUser(ctx.kiln, { premium: true });
    chatId = (await createChat(owner.client)).id;
    ctx.llm.enqueue({ chunks: chunkText(answer('Table', { 'src/App.tsx': 'export default () => null;' })) });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** Every version of the chat has its prompt and its answer, and every stored attachment its message. */
  async function expectWholeVersions() {
    const rows = await ctx.kiln.services.db.select().from(messages).where(eq(messages.chatId, chatId));
    const roles = new Map<number, string[]>();
    for (const row of rows) roles.set(row.version, [...(roles.get(row.version) ?? []), row.role].sort());
    for (const [version, list] of roles) expect(list, `version ${version}`).toEqual(['assistant', 'user']);
    const referenced = new Set(rows.flatMap((row) => row.files.map((file) => file.url.split('/').at(-1))));
    const folder = path.join(ctx.kiln.services.config.dataDir, 'blobs', 'attachments', chatId);
    const stored = await fs.readdir(folder).catch(() => [] as string[]);
    for (const fileId of stored) expect(referenced.has(fileId), `attachment ${fileId}`).toBe(true);
  }

  it('never answers a 5xx, always the error body, and never stores half a version', async () => {
    await fc.assert(
      fc.asyncProperty(
        body,
        contentType,
        fc.boolean(),
        fc.constantFrom('none', 'chat', 'other'),
        async (form, type, withQuery, idField) => {
          // The chat's id in the form (what older clients send) is only known now.
          const id = idField === 'chat' ? chatId : 'no-such-chat';
          const idPart = `--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="id"${CRLF}${CRLF}${id}${CRLF}`;
          const payload = idField === 'none' ? form : Buffer.concat([bytes(idPart), form]);
          const response = await fetch(`${base}/api/components${withQuery ? `?id=${chatId}` : ''}`, {
            method: 'POST',
            headers: {
              origin: ctx.kiln.services.config.publicUrl,
              cookie: cookieOf(owner.client),
              'content-type': type,
            },
            body: payload,
          });
          const answerText = await response.text();
          expect(response.status, answerText.slice(0, 300)).toBeLessThan(500);
          if (response.status >= 400) {
            const parsed = JSON.parse(answerText) as { error?: { code?: unknown; message?: unknown } };
            expect(typeof parsed.error?.code, answerText).toBe('string');
            expect(typeof parsed.error?.message, answerText).toBe('string');
          }
          await ctx.kiln.services.generation.settle();
          await expectWholeVersions();
        },
      ),
      { numRuns: fuzzRuns(40) },
    );
  });
});
