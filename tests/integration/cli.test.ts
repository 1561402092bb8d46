import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findActiveSubscription } from '../../src/server/billing/active-subscription.ts';
import { grantPremium } from '../../src/server/billing/subscriptions.ts';
import { runCommand, UsageError } from '../../src/server/cli/kiln.ts';
import { createTestKiln, TestClient } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

describe('npm run kiln -- user / plan', () => {
  let kiln: TestKiln;
  beforeAll(async () => {
    kiln = await createTestKiln();
  });
  afterAll(async () => kiln.close());

  it('user create makes an account that can sign in with the printed password', async () => {
    const output = await runCommand(kiln, ['user', 'create', 'admin@example.com', '--name', 'Admin']);
    const password = /Password: (\S+)/.exec(output)?.[1];
    expect(password).toBeDefined();
    const client = new TestClient(kiln);
    expect((await client.signIn('admin@example.com', password)).status).toBe(200);
    expect((await client.me()).user?.fullName).toBe('Admin');
  });

  it('user create of a taken address says so (sign-up itself answers it like a new one)', async () => {
    await runCommand(kiln, ['user', 'create', 'twice@example.com', '--password', 'correct horse 1']);
    await expect(runCommand(kiln, ['user', 'create', 'twice@example.com'])).rejects.toThrow(
      'An account with the email twice@example.com already exists.',
    );
  });

  it('plan grant makes the user premium (spec §6), plan revoke ends it', async () => {
    await runCommand(kiln, ['user', 'create', 'pat@example.com', '--password', 'correct horse 1']);
    const client = new TestClient(kiln);
    await client.signIn('pat@example.com');
    expect((await client.me()).isPremium).toBe(false);

    expect(await runCommand(kiln, ['plan', 'grant', 'pat@example.com', 'premium'])).toBe(
      'pat@example.com is now premium.',
    );
    expect((await client.me()).isPremium).toBe(true);
    expect(await runCommand(kiln, ['plan', 'show', 'pat@example.com'])).toBe(
      'pat@example.com: premium (granted)',
    );

    expect(await runCommand(kiln, ['plan', 'revoke', 'pat@example.com'])).toBe(
      'pat@example.com is no longer premium.',
    );
    expect((await client.me()).isPremium).toBe(false);
  });

  it('a grant for N days stops counting after N days', async () => {
    await runCommand(kiln, ['user', 'create', 'trial@example.com']);
    const output = await runCommand(kiln, ['plan', 'grant', 'trial@example.com', 'premium', '--days', '7']);
    expect(output).toMatch(/is now premium until \d{4}-/);
    const userId = (await kiln.services.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, 'trial@example.com'),
    }))!.id;
    const now = new Date('2030-01-01T00:00:00Z');
    await grantPremium(kiln.services.db, userId, { days: 7, now });
    expect(
      await findActiveSubscription(kiln.services.db, userId, new Date('2030-01-07T23:00:00Z')),
    ).not.toBeNull();
    expect(
      await findActiveSubscription(kiln.services.db, userId, new Date('2030-01-08T01:00:00Z')),
    ).toBeNull();
  });

  it('credits add gives extra versions, shown in the quota', async () => {
    await runCommand(kiln, ['user', 'create', 'extra@example.com', '--password', 'correct horse 1']);
    expect(await runCommand(kiln, ['credits', 'add', 'extra@example.com', '3'])).toBe(
      'extra@example.com now has 3 extra versions.',
    );
    expect(await runCommand(kiln, ['credits', 'add', 'extra@example.com', '1'])).toBe(
      'extra@example.com now has 4 extra versions.',
    );
    const client = new TestClient(kiln);
    await client.signIn('extra@example.com');
    const me = await (await client.request('/api/me')).json();
    expect(me.quota.credits).toBe(4);
    await expect(runCommand(kiln, ['credits', 'add', 'extra@example.com', 'many'])).rejects.toThrow(
      'The count must be a whole number, 1 or more.',
    );
  });

  it('refuses unknown users and bad input with a clear message', async () => {
    await expect(runCommand(kiln, ['plan', 'grant', 'ghost@example.com', 'premium'])).rejects.toThrow(
      'No account with the email ghost@example.com.',
    );
    await runCommand(kiln, ['user', 'create', 'x@example.com']);
    await expect(runCommand(kiln, ['plan', 'grant', 'x@example.com', 'gold'])).rejects.toThrow(UsageError);
    await expect(
      runCommand(kiln, ['plan', 'grant', 'x@example.com', 'premium', '--days', '0']),
    ).rejects.toThrow('--days must be a whole number of days, 1 or more.');
  });
});
