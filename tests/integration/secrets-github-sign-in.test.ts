import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthTokensBox } from '../../src/server/crypto/oauth-tokens.ts';
import { accounts } from '../../src/server/db/schema/index.ts';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github/server.ts';
import { createTestKiln, TestClient } from './test-app.ts';

type Kiln = Awaited<ReturnType<typeof createTestKiln>>;

const SECRET = 'y'.repeat(40);

/**
 * "Sign in with GitHub" end to end against the fake GitHub. Better Auth's GitHub provider has
 * github.com and api.github.com written into it, so this process's fetch sends those two hosts to
 * the fake (a DNS override, in effect); everything else is the real flow.
 */
describe('GitHub sign-in still works with its OAuth tokens sealed (issue 21 item 7)', () => {
  let fake: FakeGitHub;
  let kiln: Kiln;
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    fake = await startFakeGitHub({ clientSecret: 'fake-secret' });
    const toFake = (url: string) => url.replace(/^https:\/\/(api\.)?github\.com/, fake.url);
    globalThis.fetch = (input, init) =>
      realFetch(
        typeof input === 'string' || input instanceof URL
          ? toFake(String(input))
          : new Request(toFake(input.url), input),
        init,
      );
    kiln = await createTestKiln({
      KILN_SECRET: SECRET,
      GITHUB_CLIENT_ID: fake.clientId,
      GITHUB_CLIENT_SECRET: fake.clientSecret ?? '',
    });
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await kiln?.close();
    await fake?.close();
  });

  async function signInWithGitHub(client: TestClient): Promise<Response> {
    const started = await client.request('/api/auth/sign-in/social', {
      method: 'POST',
      json: { provider: 'github', callbackURL: '/' },
    });
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    // The person approves on GitHub, which sends the browser back with a code.
    const approved = await globalThis.fetch(url, { redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    return client.request(`${back.pathname}${back.search}`);
  }

  it('signs in (twice), and the stored tokens are sealed and open to the token GitHub issued', async () => {
    fake.createUser('octo');
    fake.setWebFlowUser('octo');
    const client = new TestClient(kiln);
    const callback = await signInWithGitHub(client);
    expect(callback.status).toBe(302);
    expect((await client.me()).user).toMatchObject({ email: 'octo@users.noreply.github.test' });

    const [first] = await kiln.services.db.select().from(accounts).where(eq(accounts.providerId, 'github'));
    expect(first!.accessToken).toMatch(/^kiln1\./);

    // A second sign-in updates the account's tokens: sealed again.
    const again = new TestClient(kiln);
    expect((await signInWithGitHub(again)).status).toBe(302);
    const rows = await kiln.services.db.select().from(accounts).where(eq(accounts.providerId, 'github'));
    expect(rows).toHaveLength(1);
    const stored = rows[0]!.accessToken!;
    expect(stored).toMatch(/^kiln1\./);
    expect(stored).not.toBe(first!.accessToken);
    const token = oauthTokensBox({ config: { previousSecrets: [] }, secret: SECRET }).open(stored);
    const user = await globalThis.fetch('https://api.github.com/user', {
      headers: { authorization: `token ${token}` },
    });
    expect(((await user.json()) as { login: string }).login).toBe('octo');
  });
});
