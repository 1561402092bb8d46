import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxGenerationBodyBytes, PLANS } from '../../src/core/plans/index.ts';
import { createChat, signedUpUser, useKilnWithFakeLlm } from './generation-helpers.ts';
import type { TestClient } from './test-app.ts';

/**
 * Issue 12 item 3: POST /api/components checks the session, the chat and the plan before it
 * reads the body. Six 95 MB bodies without a cookie used to be read into memory (the server
 * went from 763 MB to 1.36 GB); now a visitor is refused after the headers.
 */

const MB = 1024 * 1024;
const BOUNDARY = 'kiln-test-boundary';

/** A body that never ends, counting what the server pulled from it. */
function endlessBody() {
  const counter = { bytes: 0 };
  const chunk = new Uint8Array(MB).fill(0x61);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        counter.bytes += chunk.length;
        controller.enqueue(chunk);
      },
    },
    // Nothing is pulled until someone reads.
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

describe('POST /api/components checks who asks before reading the body', () => {
  const ctx = useKilnWithFakeLlm();
  let server: ServerType;
  let port: number;
  let owner: Awaited<ReturnType<typeof signedUpUser>>;
  let chatId: string;
  let origin: string;

  const cookieOf = (client: TestClient) =>
    [...(client as unknown as { cookies: Map<string, string> }).cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');

  beforeAll(async () => {
    server = serve({ fetch: ctx.kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    owner = await signedUpUser(ctx.kiln);
    chatId = (await createChat(owner.client)).id;
    origin = new URL(ctx.kiln.services.config.publicUrl).origin;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function postEndless(headers: Record<string, string>, path = `/api/components?id=${chatId}`) {
    const { stream, counter } = endlessBody();
    const response = ctx.kiln.app.request(path, {
      method: 'POST',
      headers: { origin, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    return { response, counter };
  }

  it('a visitor’s endless upload is refused with 401 without a byte read', async () => {
    const { response, counter } = postEndless({});
    const answer = await response;
    expect(answer.status).toBe(401);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
    expect(counter.bytes).toBe(0);
  });

  it('someone else’s (or a missing) chat in ?id= is refused before the body too', async () => {
    const stranger = await signedUpUser(ctx.kiln);
    const foreign = postEndless({ cookie: cookieOf(stranger.client) });
    expect((await foreign.response).status).toBe(403);
    expect(foreign.counter.bytes).toBe(0);
    const missing = postEndless({ cookie: cookieOf(owner.client) }, '/api/components?id=no-such-chat');
    expect((await missing.response).status).toBe(404);
    expect(missing.counter.bytes).toBe(0);
  });

  it('over a socket: a visitor announcing 95 MB gets 401 after sending only the headers', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (data) => {
        text += data.toString('latin1');
        if (text.includes('\r\n\r\n')) resolve(text);
      });
    });
    socket.write(
      [
        `POST /api/components?id=${chatId} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Origin: ${origin}`,
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        `Content-Length: ${95 * MB}`,
        '',
        '',
      ].join('\r\n'),
    );
    // Not one byte of the 95 MB is sent; the answer comes anyway.
    expect((await answer).split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
    socket.destroy();
  });

  it('a free user’s body above the free plan’s limit is 413, announced or streamed', async () => {
    const limit = maxGenerationBodyBytes(PLANS.free);
    const announced = await ctx.kiln.app.request(`/api/components?id=${chatId}`, {
      method: 'POST',
      headers: {
        origin,
        cookie: cookieOf(owner.client),
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(limit + 1),
      },
      body: `--${BOUNDARY}--\r\n`,
    });
    expect(announced.status).toBe(413);
    expect(((await announced.json()) as { error: { code: string } }).error.code).toBe('payload-too-large');

    const streamed = postEndless({ cookie: cookieOf(owner.client) });
    expect((await streamed.response).status).toBe(413);
    // Read up to the limit and one chunk more, then refused: never the whole endless body.
    expect(streamed.counter.bytes).toBeLessThanOrEqual(limit + 2 * MB);
  });

  it('a premium user may send what the free plan may not (the limit is the plan’s)', async () => {
    const premium = await signedUpUser(ctx.kiln, { premium: true });
    const chat = await createChat(premium.client);
    // Two 16 MB "PDFs" (32 MB, above the free limit): read and validated, not refused unread.
    const form = new FormData();
    form.set('prompt', 'Use these');
    for (const name of ['a.pdf', 'b.pdf']) form.append('files', new File([new Uint8Array(16 * MB)], name));
    expect(32 * MB).toBeGreaterThan(maxGenerationBodyBytes(PLANS.free));
    const response = await premium.client.request(`/api/components?id=${chat.id}`, {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unsupported-file-type');
    const free = await owner.client.request(`/api/components?id=${chatId}`, { method: 'POST', body: form });
    expect(free.status).toBe(413);
  });

  it('the chat id may still come in the form only; an address and a form that disagree are refused', async () => {
    const form = new FormData();
    form.set('id', chatId);
    form.set('prompt', '');
    const formOnly = await owner.client.request('/api/components', { method: 'POST', body: form });
    expect(((await formOnly.json()) as { error: { code: string } }).error.code).toBe('empty-prompt');
    const mismatch = await owner.client.request('/api/components?id=another-chat-id', {
      method: 'POST',
      body: form,
    });
    expect(mismatch.status).toBe(404);
    const own = await createChat(owner.client);
    const disagree = await owner.client.request(`/api/components?id=${own.id}`, {
      method: 'POST',
      body: form,
    });
    expect(disagree.status).toBe(400);
    expect(((await disagree.json()) as { error: { code: string } }).error.code).toBe('chat-id-mismatch');
  });
});
