import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customDomains } from '../../src/server/db/schema/index.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, createVersion, type TestKiln } from './preview-helpers.ts';

/**
 * Issue 31 item 6: Kiln's app (its pages and API) answers only under Kiln's own names. A name
 * someone pointed at Kiln without a verified, deployed custom domain (an undeployed or pending
 * one, a look-alike, a name deeper under KILN_HOST) gets the site host's 404, never Kiln's sign-in
 * page on an origin the name's owner controls.
 */
describe("an unknown Host gets the site host's 404, not Kiln's app", () => {
  let kiln: TestKiln;

  beforeAll(async () => {
    kiln = await createPreviewKiln({
      KILN_HOST: 'kiln.test',
      KILN_PUBLIC_URL: 'https://app.kiln-public.test',
    });
    // A pending claim of the name: it proves nothing yet, so it serves nothing either.
    const owner = await signedUpUser(kiln, { premium: true });
    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: '<h1>Pending shop</h1>' }],
    });
    const deployed = await owner.client.request(`/api/chats/${chatId}/deployment`, {
      method: 'POST',
      json: { subdomain: 'pending-shop', version: 1 },
    });
    expect(deployed.status).toBe(200);
    const claimed = await owner.client.request(`/api/chats/${chatId}/custom-domain`, {
      method: 'POST',
      json: { domain: 'pending.example.com' },
    });
    expect(claimed.status).toBe(201);
  });
  afterAll(async () => kiln?.close());

  const on = (host: string | null, pathname: string, init: RequestInit = {}) =>
    kiln.app.request(`http://${host ?? 'kiln.test'}${pathname}`, {
      ...init,
      headers: host === null ? init.headers : { ...init.headers, host },
    });

  it("an undeployed custom domain, even one claimed and pending, and other strangers' names", async () => {
    for (const host of [
      'pending.example.com',
      'never-claimed.example.com:443',
      'kiln.test.evil.example',
      'a.b.kiln.test',
      'app.kiln-public.test.evil.example',
    ]) {
      for (const pathname of ['/', '/login', '/api/health', '/api/me']) {
        const response = await on(host, pathname);
        expect(response.status, `${host}${pathname}`).toBe(404);
        const body = await response.text();
        expect(body, `${host}${pathname}`).toContain('Not deployed');
        expect(body).not.toContain('Pending shop');
      }
      // No sign-in (nor any other change) through a stranger's name.
      const signIn = await on(host, '/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `https://${host}` },
        body: JSON.stringify({ email: 'someone@example.com', password: 'correct horse 1' }),
      });
      expect(signIn.status, host).toBe(405);
      expect(signIn.headers.getSetCookie()).toEqual([]);
    }
  });

  it("Kiln's own names, loopback names and addresses with any port still reach the app", async () => {
    for (const host of [
      'kiln.test',
      'KILN.test:3000',
      'app.kiln-public.test',
      'localhost',
      'localhost:5173',
      '127.0.0.1:3000',
      '[::1]:3000',
      // A health check by address, or by a container's name (Caddy's upstream checks send it).
      '10.0.0.5:3000',
      'web-1:3000',
      null,
    ]) {
      const response = await on(host, '/api/health');
      expect(response.status, String(host)).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true });
    }
  });

  it('deployment subdomains and verified custom domains are still sites', async () => {
    const site = await on('pending-shop.kiln.test', '/');
    expect(site.status).toBe(200);
    expect(await site.text()).toContain('Pending shop');
    const none = await on('nothing-here.kiln.test', '/api/health');
    expect(none.status).toBe(404);
    expect(await none.text()).toContain('Not deployed');

    // Verified (the DNS check itself: custom-domain-claims.test.ts), the name shows its site.
    await kiln.services.db
      .update(customDomains)
      .set({ isVerified: true, verifiedAt: new Date() })
      .where(eq(customDomains.domain, 'pending.example.com'));
    kiln.services.hosting.directory.forgetAll();
    const verified = await on('pending.example.com', '/');
    expect(verified.status).toBe(200);
    expect(await verified.text()).toContain('Pending shop');
  });
});
