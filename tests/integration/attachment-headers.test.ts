import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentKey } from '../../src/server/generation/attachments.ts';
import { createChat, signedUpUser, useKilnWithFakeLlm } from './generation-helpers.ts';

/**
 * Issue 12 item 4: the attachment route sends `Content-Security-Policy: default-src 'none';
 * sandbox` (an attachment is data, never a page), but the app-wide secure headers replaced it
 * with `frame-ancestors 'self'`. Read over a real HTTP connection, as a browser gets it.
 */
describe('an attachment reaches the browser with its own sandboxing policy', () => {
  const ctx = useKilnWithFakeLlm();
  let server: ServerType;
  let base: string;

  beforeAll(async () => {
    server = serve({ fetch: ctx.kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("Content-Security-Policy: default-src 'none'; sandbox, even for a file that says it is HTML", async () => {
    const owner = await signedUpUser(ctx.kiln);
    const chat = await createChat(owner.client);
    const fileId = crypto.randomUUID();
    const page = new TextEncoder().encode('<script>document.cookie</script>');
    await ctx.kiln.services.blobs.put(attachmentKey(chat.id, fileId), page, 'text/html');

    const response = await fetch(`${base}/api/attachments/${chat.id}/${fileId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // The app's other headers still apply where the route sets none.
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toBe('<script>document.cookie</script>');

    // Every other API answer keeps the app's policy.
    const health = await fetch(`${base}/api/health`);
    expect(health.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
