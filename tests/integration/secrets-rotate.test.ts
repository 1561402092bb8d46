import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../src/server/cli/kiln.ts';
import { parseConfig } from '../../src/server/config.ts';
import { createSecretBox } from '../../src/server/crypto/secret-box.ts';
import { accounts } from '../../src/server/db/schema/index.ts';
import { createKiln, type Kiln } from '../../src/server/main.ts';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github/server.ts';
import { rawRows } from '../support/raw-rows.ts';
import { storeGitHubSignIn } from '../support/oauth-account.ts';
import { signedUpUser } from './generation-helpers.ts';

const SECRET_A = 'a'.repeat(20) + '-first-secret-of-this-kiln';
const SECRET_B = 'b'.repeat(20) + '-the-rotated-secret-value';
const STRIPE_SECRET = 'sk_test_rotation_77aa88bb';
const OAUTH = {
  accessToken: 'gho_rotate_access_1q2w',
  refreshToken: 'ghr_rotate_refresh_3e4r',
  idToken: 'eyJ.rotate-id.5t6y',
};
const LEGACY = {
  accessToken: 'gho_legacy_plain_7u8i',
  refreshToken: 'ghr_legacy_plain_9o0p',
  idToken: 'eyJ.legacy.plain',
};

describe('secrets rotate: seal with A, switch to B with A as previous, rotate, drop A (issue 21 item 7)', () => {
  let fake: FakeGitHub;
  let dataDir: string;
  let kiln: Kiln | undefined;

  /** One Kiln over the same data folder (its database on disk), as after a restart. */
  async function open(env: Record<string, string>): Promise<Kiln> {
    kiln = await createKiln(
      parseConfig({
        KILN_DATA_DIR: dataDir,
        KILN_RATE_LIMITS: 'off',
        KILN_GITHUB_URL: fake.url,
        KILN_GITHUB_API_URL: fake.apiUrl,
        ...env,
      }),
    );
    return kiln;
  }
  async function close() {
    await kiln?.close();
    kiln = undefined;
  }

  beforeAll(async () => {
    fake = await startFakeGitHub({ deviceInterval: 0 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-rotate-'));
  });
  afterAll(async () => {
    await close();
    await fake?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('every credential opens after the old secret is gone; rotating again changes nothing', async () => {
    const ghToken = fake.createUser('octo').token;

    // 1. Secret A: a GitHub token, an integration, a GitHub sign-in, and sign-in tokens stored
    //    in the clear by an earlier Kiln.
    let k = await open({ KILN_SECRET: SECRET_A });
    const ada = await signedUpUser({ ...k, dataDir });
    expect(
      (await ada.client.request('/api/codehost/token', { method: 'POST', json: { token: ghToken } })).status,
    ).toBe(200);
    const created = await ada.client.request('/api/integrations', {
      method: 'POST',
      json: {
        name: 'Pay',
        type: 'payments',
        provider: 'stripe',
        credentials: { publishableKey: 'pk_test_r', secretKey: STRIPE_SECRET },
      },
    });
    expect(created.status).toBe(201);
    const { account } = await storeGitHubSignIn(k, 'octo@example.com', OAUTH);
    const { account: legacy } = await storeGitHubSignIn(k, 'old@example.com', {
      accessToken: 'x',
      refreshToken: 'x',
      idToken: 'x',
    });
    await k.services.db.update(accounts).set(LEGACY).where(eq(accounts.id, legacy.id));
    await close();

    // 2. Secret B, A as previous: old values still open; rotate re-seals them, and is idempotent.
    k = await open({ KILN_SECRET: SECRET_B, KILN_SECRET_PREVIOUS: SECRET_A });
    expect((await k.services.codeHost.connections.token(ada.userId)).token).toBe(ghToken);
    const report = await runCommand(k, ['secrets', 'rotate']);
    expect(report).toContain('GitHub tokens: 1 re-sealed, 0 sealed, 0 already current');
    expect(report).toContain('integration credentials: 1 re-sealed, 0 sealed, 0 already current');
    expect(report).toContain('OAuth access tokens: 1 re-sealed, 1 sealed, 0 already current');
    expect(report).toContain('OAuth id tokens: 1 re-sealed, 1 sealed, 0 already current');
    expect(report).not.toContain('UNREADABLE');
    const again = await runCommand(k, ['secrets', 'rotate']);
    expect(again).toContain('GitHub tokens: 0 re-sealed, 0 sealed, 1 already current');
    expect(again).toContain('integration credentials: 0 re-sealed, 0 sealed, 1 already current');
    expect(again).toContain('OAuth refresh tokens: 0 re-sealed, 0 sealed, 2 already current');
    await close();

    // 3. Secret B alone: everything opens, and no row holds a plaintext credential.
    k = await open({ KILN_SECRET: SECRET_B });
    expect(await k.services.codeHost.connections.token(ada.userId)).toEqual({
      token: ghToken,
      username: 'octo',
    });
    const [integration] = await k.services.integrations.list(ada.userId);
    expect(integration).toMatchObject({ problem: null, credentials: { secretKey: '••••88bb' } });
    const box = createSecretBox({ secret: SECRET_B, purpose: 'oauth-tokens' });
    for (const [id, expected] of [
      [account.id, OAUTH],
      [legacy.id, LEGACY],
    ] as const) {
      const [row] = await k.services.db.select().from(accounts).where(eq(accounts.id, id));
      expect({
        accessToken: box.open(row!.accessToken!),
        refreshToken: box.open(row!.refreshToken!),
        idToken: box.open(row!.idToken!),
      }).toEqual(expected);
    }
    const raw = JSON.stringify(
      await Promise.all(
        ['accounts', 'github_connections', 'user_integrations'].map((table) =>
          rawRows(k.services.db, sql.raw(`select * from ${table}`)),
        ),
      ),
    );
    for (const plaintext of [ghToken, STRIPE_SECRET, ...Object.values(OAUTH), ...Object.values(LEGACY)]) {
      expect(raw).not.toContain(plaintext);
    }
    await close();
  }, 180_000);

  it('a value sealed with a secret that is not listed is reported, not lost', async () => {
    const k = await open({ KILN_SECRET: 'c'.repeat(40) });
    const report = await runCommand(k, ['secrets', 'rotate']);
    expect(report).toContain('GitHub tokens: 0 re-sealed, 0 sealed, 0 already current, 1 UNREADABLE');
    expect(report).toContain('add the secret they were sealed with to KILN_SECRET_PREVIOUS');
    await close();
    const back = await open({ KILN_SECRET: SECRET_B });
    // Still there, and still opening with the secret it was sealed with.
    const [row] = await rawRows(back.services.db, sql`select user_id from github_connections`);
    expect((await back.services.codeHost.connections.token(String(row!.user_id))).username).toBe('octo');
    await close();
  }, 60_000);
});
