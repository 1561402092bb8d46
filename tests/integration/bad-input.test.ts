import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChat, generate, signedUpUser } from './generation-helpers.ts';
import { createTestKiln, type TestClient } from './test-app.ts';

/** Issue 12 item 6: malformed input answers 400 or 404 with the error body, never 500. */
describe('bad input is refused, never a server error', () => {
  let kiln: Awaited<ReturnType<typeof createTestKiln>>;
  let owner: TestClient;
  let react: { id: string; slug: string };
  let html: { id: string; slug: string };

  beforeAll(async () => {
    kiln = await createTestKiln({ KILN_DEMO_DELAY_MS: '0' });
    ({ client: owner } = await signedUpUser(kiln, { premium: true }));
    react = await createChat(owner, 'react', 'A counter');
    html = await createChat(owner, 'html', 'A pricing table');
    for (const chat of [react, html]) {
      const done = await generate(owner, { id: chat.id, prompt: 'A counter' });
      expect(done.version).toBe(1);
    }
  });
  afterAll(async () => kiln.close());

  async function expectErrorBody(response: Response, statuses: number[], code?: string) {
    expect(statuses).toContain(response.status);
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error?.code).toBe('string');
    expect(typeof body.error?.message).toBe('string');
    if (code) expect(body.error?.code).toBe(code);
  }

  const BAD_VERSIONS = ['abc', '1.5', '2147483648', '12345678901234567890', '-1', '0', '1e3', '%E0%A4%A'];

  it.each(BAD_VERSIONS)('refuses the version %j in every API path with 400 invalid-version', async (bad) => {
    for (const path of [
      `/api/chats/${react.id}/versions/${bad}/snapshot`,
      `/api/chats/${react.id}/versions/${bad}/zip`,
      `/api/components/${react.id}/versions/${bad}/stream`,
      `/api/chats/${react.id}/preview/${bad}`,
    ]) {
      await expectErrorBody(await owner.request(path), [400], 'invalid-version');
    }
    const rebuild = await owner.request(`/api/chats/${react.id}/preview/${bad}/rebuild`, { method: 'POST' });
    await expectErrorBody(rebuild, [400], 'invalid-version');
    await expectErrorBody(
      await owner.request(`/api/chats/by-slug/${react.slug}?v=${bad}`),
      [400],
      'invalid-version',
    );
  });

  it('refuses an empty version with the error body', async () => {
    await expectErrorBody(await owner.request(`/api/chats/${react.id}/versions//snapshot`), [400, 404]);
    await expectErrorBody(
      await owner.request(`/api/chats/by-slug/${react.slug}?v=`),
      [400],
      'invalid-version',
    );
  });

  it.each([...BAD_VERSIONS, ''])('answers the HTML preview /content/{id}/%j with 404', async (bad) => {
    const response = await owner.request(`/content/${html.id}/${bad}/`);
    expect(response.status).toBe(404);
  });

  it('answers a malformed percent-escape in a /content path with 404', async () => {
    // A good path is sent on to the preview host (decision 0038).
    expect((await owner.request(`/content/${html.id}/1/index.html`)).status).toBe(302);
    expect((await owner.request(`/content/${html.id}/1/%E0%A4%A`)).status).toBe(404);
    expect((await owner.request(`/content/${html.id}/1/a%2`)).status).toBe(404);
  });

  it('answers a preview host with an out-of-range version with 404', async () => {
    for (const version of ['2147483648', '12345678901234567890', '0']) {
      const response = await kiln.app.request('/', {
        headers: { host: `${react.id}-${version}.preview.localhost` },
      });
      expect(response.status).toBe(404);
    }
  });

  it('refuses a JSON body whose version is not a version with 400 invalid-version', async () => {
    for (const version of [1.5, 2 ** 31, -3, 0, '1e3', null, 'abc']) {
      const remix = await owner.request(`/api/chats/${react.id}/remix`, {
        method: 'POST',
        json: { version },
      });
      await expectErrorBody(remix, [400], 'invalid-version');
      const locks = await owner.request(`/api/chats/${react.id}/artifact`, {
        method: 'PUT',
        json: { artifactCode: '', version },
      });
      await expectErrorBody(locks, [400], 'invalid-version');
    }
  });

  it('answers validation failures with the documented error body, not the validator own', async () => {
    const badFramework = await owner.request('/api/chats', {
      method: 'POST',
      json: { prompt: 'x', framework: 'cobol' },
    });
    await expectErrorBody(badFramework, [400], 'invalid-request');
    const badVisibility = await owner.request(`/api/chats/${react.id}/visibility`, {
      method: 'POST',
      json: { isPublic: 'yes' },
    });
    await expectErrorBody(badVisibility, [400], 'invalid-request');
  });

  it('refuses a multipart body without a boundary or cut short with 400', async () => {
    const noBoundary = await owner.request('/api/components', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: `--x\r\nContent-Disposition: form-data; name="id"\r\n\r\n${react.id}\r\n--x--\r\n`,
    });
    await expectErrorBody(noBoundary, [400], 'invalid-request');
    const truncated = await owner.request('/api/components', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: `--x\r\nContent-Disposition: form-data; name="id"\r\n\r\n${react.id}\r\n--x\r\nContent-Disposition: form-da`,
    });
    await expectErrorBody(truncated, [400], 'invalid-request');
  });

  it('refuses an artifact of 150,000 files without crashing the parser', async () => {
    const files = Array.from({ length: 150_000 }, (_, i) => `<kilnFile name="f${i}.js">\n</kilnFile>`);
    const artifactCode = `<kilnArtifact title="Many">\n${files.join('\n')}\n</kilnArtifact>`;
    const response = await owner.request(`/api/chats/${react.id}/artifact`, {
      method: 'PUT',
      json: { artifactCode, version: 1 },
    });
    await expectErrorBody(response, [400]);
    // The stored version is untouched and still served.
    const snapshot = await owner.request(`/api/chats/${react.id}/versions/1/snapshot`);
    expect(snapshot.status).toBe(200);
  });
});
