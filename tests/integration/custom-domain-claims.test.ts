/**
 * Issue 31 item 6: a pending custom-domain claim is never deleted by a stranger claiming the same
 * name. Every project keeps its own unverified claim; the first to verify through DNS (a real DNS
 * server, tests/support/dns-server.ts) holds the name, and the others' claims stay, told the name
 * is taken, until the holder lets it go.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { createFreshDatabase } from './postgres-server.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, createVersion, type TestKiln } from './preview-helpers.ts';
import type { TestClient } from './test-app.ts';

const KILN_HOST = 'kiln.test';

interface Claim {
  id: string;
  domain: string;
  verificationToken: string;
  isVerified: boolean;
}

/** The unique index that lets one verified claim hold a name is partial: both databases run it. */
const DATABASES = {
  pglite: async () => ({}),
  postgres: async () => ({ DATABASE_URL: await createFreshDatabase(inject('postgresUrl')) }),
};

describe.each(Object.entries(DATABASES))(
  'claims of one custom domain by several projects (%s)',
  (kind, database) => {
    let kiln: TestKiln;
    let dns: TestDnsServer;

    beforeAll(async () => {
      dns = await startDnsServer({ [KILN_HOST]: { A: ['127.0.0.1'] } });
      kiln = await createPreviewKiln({ ...(await database()), KILN_HOST, KILN_DNS_SERVERS: dns.address });
      expect(kiln.services.databaseKind).toBe(kind);
    });
    afterAll(async () => {
      await kiln?.close();
      await dns?.close();
    });

    /** A premium owner with a deployed HTML chat showing `text`. */
    async function deployedProject(text: string) {
      const owner = await signedUpUser(kiln, { premium: true });
      const { chatId } = await createVersion(kiln, {
        userId: owner.userId,
        framework: 'html',
        files: [{ name: 'index.html', content: `<h1>${text}</h1>` }],
      });
      const deployed = await owner.client.request(`/api/chats/${chatId}/deployment`, {
        method: 'POST',
        json: { subdomain: `site-${chatId.slice(0, 8)}`, version: 1 },
      });
      expect(deployed.status).toBe(200);
      return { client: owner.client, chatId };
    }

    const add = async (client: TestClient, chatId: string, domain: string) =>
      client.request(`/api/chats/${chatId}/custom-domain`, { method: 'POST', json: { domain } });
    const claimOf = async (client: TestClient, chatId: string): Promise<Claim | null> =>
      (await (await client.request(`/api/chats/${chatId}/custom-domain`)).json()).customDomain;
    const verify = async (client: TestClient, id: string) =>
      (await client.request(`/api/custom-domains/${id}/verify`, { method: 'POST' })).json() as Promise<{
        success: boolean;
        error: string | null;
        customDomain: Claim;
      }>;
    const page = async (domain: string) =>
      (await kiln.app.request(`http://${domain}/`, { headers: { host: domain } })).text();

    it("a stranger's claim of the same name leaves the first claim; the first to verify holds it", async () => {
      const domain = 'bakery.example.com';
      const owner = await deployedProject('The real bakery');
      const stranger = await deployedProject('A griefer');

      const first = await add(owner.client, owner.chatId, domain);
      expect(first.status).toBe(201);
      const ownerClaim = (await first.json()) as Claim;
      const second = await add(stranger.client, stranger.chatId, domain);
      expect(second.status).toBe(201);
      const strangerClaim = (await second.json()) as Claim;

      // Both claims are there, each with its own token.
      expect(await claimOf(owner.client, owner.chatId)).toMatchObject({
        id: ownerClaim.id,
        domain,
        verificationToken: ownerClaim.verificationToken,
        isVerified: false,
      });
      expect(await claimOf(stranger.client, stranger.chatId)).toMatchObject({ domain, isVerified: false });
      expect(strangerClaim.verificationToken).not.toBe(ownerClaim.verificationToken);

      // The DNS holds the owner's token: the stranger cannot verify, the owner can.
      dns.set(`_kiln-verify.${domain}`, { TXT: [ownerClaim.verificationToken] });
      dns.set(domain, { CNAME: KILN_HOST });
      const refused = await verify(stranger.client, strangerClaim.id);
      expect(refused.success).toBe(false);
      expect(refused.error).toMatch(/TXT record/);
      const verified = await verify(owner.client, ownerClaim.id);
      expect(verified).toMatchObject({ success: true, customDomain: { isVerified: true } });
      expect(await page(domain)).toContain('The real bakery');

      // Held: nobody else can claim it now, and the stranger's pending claim stays, told it is taken,
      // even once its own token is in the DNS too.
      const third = await deployedProject('Late');
      const late = await add(third.client, third.chatId, domain);
      expect(late.status).toBe(409);
      expect((await late.json()).error).toMatchObject({
        title: 'Domain unavailable',
        message: `${domain} is already used by another project.`,
      });
      dns.set(`_kiln-verify.${domain}`, {
        TXT: [ownerClaim.verificationToken, strangerClaim.verificationToken],
      });
      const taken = await verify(stranger.client, strangerClaim.id);
      expect(taken).toMatchObject({
        success: false,
        error: `${domain} is already used by another project.`,
        customDomain: { id: strangerClaim.id, isVerified: false },
      });
      expect(await claimOf(stranger.client, stranger.chatId)).toMatchObject({ domain, isVerified: false });
      expect(await page(domain)).toContain('The real bakery');

      // The holder lets it go: the pending claim may verify now.
      const removed = await owner.client.request(`/api/custom-domains/${ownerClaim.id}`, {
        method: 'DELETE',
      });
      expect(removed.status).toBe(200);
      expect(await verify(stranger.client, strangerClaim.id)).toMatchObject({
        success: true,
        customDomain: { isVerified: true },
      });
      expect(await page(domain)).toContain('A griefer');
    });

    it('two claims verifying at the same moment: one holds the name, the other is told it is taken', async () => {
      const domain = 'twice.example.com';
      const a = await deployedProject('Project A');
      const b = await deployedProject('Project B');
      const claimA = (await (await add(a.client, a.chatId, domain)).json()) as Claim;
      const claimB = (await (await add(b.client, b.chatId, domain)).json()) as Claim;
      // One person owns both projects: the DNS holds both tokens.
      dns.set(`_kiln-verify.${domain}`, { TXT: [claimA.verificationToken, claimB.verificationToken] });
      dns.set(domain, { CNAME: KILN_HOST });
      const results = await Promise.all([verify(a.client, claimA.id), verify(b.client, claimB.id)]);
      expect(results.map((result) => result.success).sort()).toEqual([false, true]);
      const loser = results.find((result) => !result.success)!;
      expect(loser.error).toBe(`${domain} is already used by another project.`);
      expect(loser.customDomain.isVerified).toBe(false);
    });
  },
);
