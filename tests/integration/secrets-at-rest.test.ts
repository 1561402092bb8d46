import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github/server.ts';
import { rawRows } from '../support/raw-rows.ts';
import { storeGitHubSignIn, updateGitHubSignIn } from '../support/oauth-account.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createTestKiln } from './test-app.ts';

type Kiln = Awaited<ReturnType<typeof createTestKiln>>;

/** Every stored row of the credential tables, as the database holds it (no Drizzle mapping). */
async function rawCredentialRows(kiln: Kiln): Promise<string> {
  const tables = ['accounts', 'github_connections', 'github_device_flows', 'user_integrations'];
  const rows = [];
  for (const table of tables) {
    rows.push(...(await rawRows(kiln.services.db, sql.raw(`select * from ${table}`))));
  }
  return JSON.stringify(rows);
}

describe('credentials are sealed at rest and opened on use (issue 21 item 7)', () => {
  let fake: FakeGitHub;
  let kiln: Kiln;

  beforeAll(async () => {
    fake = await startFakeGitHub({ clientSecret: 'fake-secret', deviceInterval: 0 });
    kiln = await createTestKiln({ KILN_GITHUB_URL: fake.url, KILN_GITHUB_API_URL: fake.apiUrl });
  });
  afterAll(async () => {
    await kiln?.close();
    await fake?.close();
  });

  it("a GitHub token, an integration's keys and GitHub sign-in's OAuth tokens hold no plaintext in their rows", async () => {
    const ada = await signedUpUser(kiln);
    const ghToken = fake.createUser('octo').token;
    const connected = await ada.client.request('/api/codehost/token', {
      method: 'POST',
      json: { token: ghToken },
    });
    expect(connected.status).toBe(200);
    const stripeSecret = 'sk_test_atrest_5f1e2d3c4b';
    const created = await ada.client.request('/api/integrations', {
      method: 'POST',
      json: {
        name: 'Pay',
        type: 'payments',
        provider: 'stripe',
        credentials: { publishableKey: 'pk_test_x', secretKey: stripeSecret },
      },
    });
    expect(created.status).toBe(201);
    const oauth = {
      accessToken: 'gho_signin_access_8a7b6c',
      refreshToken: 'ghr_signin_refresh_1a2b3c',
      idToken: 'eyJ.signin-id-token.9z8y',
    };
    const { account } = await storeGitHubSignIn(kiln, 'octo@example.com', oauth);
    const renewed = 'gho_signin_renewed_4d5e6f';
    await updateGitHubSignIn(kiln, account.id, { accessToken: renewed });

    const raw = await rawCredentialRows(kiln);
    for (const plaintext of [ghToken, stripeSecret, ...Object.values(oauth), renewed]) {
      expect(raw).not.toContain(plaintext);
    }
    const [stored] = await rawRows(
      kiln.services.db,
      sql`select access_token, refresh_token, id_token from accounts where id = ${account.id}`,
    );
    expect(Object.values(stored!).every((value) => String(value).startsWith('kiln1.'))).toBe(true);

    // Opened on use: the GitHub token works, the integration reads back (masked, no problem).
    expect(await kiln.services.codeHost.connections.token(ada.userId)).toEqual({
      token: ghToken,
      username: 'octo',
    });
    const listed = (await (await ada.client.request('/api/integrations')).json()) as {
      integrations: { credentials: Record<string, string>; problem: string | null }[];
    };
    expect(listed.integrations[0]).toMatchObject({ problem: null, credentials: { secretKey: '••••3c4b' } });
  });

  it("Better Auth's endpoints that would hand a stored OAuth token back are off", async () => {
    const bob = await signedUpUser(kiln);
    for (const path of ['/api/auth/get-access-token', '/api/auth/refresh-token', '/api/auth/account-info']) {
      const response = await bob.client.request(path, {
        method: path.endsWith('info') ? 'GET' : 'POST',
        json: path.endsWith('info') ? undefined : { providerId: 'github' },
      });
      expect(response.status, path).toBe(404);
    }
  });
});
