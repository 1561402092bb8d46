import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKiln, TestClient } from './test-app.ts';

describe('HTTP hardening', () => {
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => kiln.close());

  it('refuses oversized bodies before reading them (413), keeping generation uploads larger', async () => {
    const client = new TestClient(kiln);
    await client.signUp('big@example.com');
    const huge = 'x'.repeat(26 * 1024 * 1024);
    const json = await client.request('/api/chats', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(huge.length + 20) },
      body: JSON.stringify({ prompt: huge }),
    });
    expect(json.status).toBe(413);
    expect((await json.json()).error.code).toBe('payload-too-large');

    // The same size is still below the upload limit of POST /api/components (validation answers).
    const form = new FormData();
    form.set('id', 'missing');
    form.set('prompt', 'hi there');
    form.append('files', new File([new Uint8Array(26 * 1024 * 1024)], 'big.pdf'));
    const upload = await client.request('/api/components', { method: 'POST', body: form });
    expect(upload.status).not.toBe(413);
  });

  it('sends security headers on the app, /content included (it only redirects to preview hosts)', async () => {
    const api = await kiln.app.request('/api/health');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const content = await kiln.app.request('/content/unknown/1');
    expect(content.headers.get('x-frame-options')).toBe('DENY');
    expect(content.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});
