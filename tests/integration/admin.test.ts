/**
 * Issue 35 item 9: the first account made administers Kiln; /api/admin's changes and the CLI keep
 * the same rules and write the same audit trail; a disabled account is signed out everywhere and
 * refused at sign-in; the CLI acts on a running server through /api/admin-cli with the key only
 * Kiln's secret gives (the embedded database is owned by that server).
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXTS, type AdminAuditEntry, type AdminUser } from '../../src/core/admin/index.ts';
import { adminCliKey } from '../../src/server/admin/cli-key.ts';
import { ACCOUNT_DISABLED } from '../../src/server/auth/auth.ts';
import { runOnServer } from '../../src/server/cli/kiln.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';

type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;
type Person = Awaited<ReturnType<typeof signedUpUser>>;

describe('administration: /api/admin and the CLI (issue 35 item 9)', () => {
  let kiln: TestKiln;
  let server: ServerType;
  let port: number;
  let admin: Person;
  let member: Person;

  beforeAll(async () => {
    kiln = await createTestKiln();
    server = serve({ fetch: kiln.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
    admin = await signedUpUser(kiln, { name: 'Ada Admin' });
    member = await signedUpUser(kiln, { name: 'Mo Member' });
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await kiln?.close();
  });

  const me = async (person: { client: TestClient }) =>
    (await (await person.client.request('/api/me')).json()) as {
      user: { isAdmin: boolean } | null;
      isPremium: boolean;
    };
  const changeAs = (person: Person, userId: string, json: unknown) =>
    person.client.request(`/api/admin/users/${userId}/changes`, { method: 'POST', json });
  const audit = async () =>
    ((await (await admin.client.request('/api/admin/audit')).json()) as { entries: AdminAuditEntry[] })
      .entries;

  it('the first account made is the administrator, the next ones are not', async () => {
    expect((await me(admin)).user?.isAdmin).toBe(true);
    expect((await me(member)).user?.isAdmin).toBe(false);
    expect((await member.client.request('/api/admin/users')).status).toBe(403);
    expect((await new TestClient(kiln).request('/api/admin/users')).status).toBe(401);
  });

  it('lists and searches accounts with their plan and this month’s versions', async () => {
    const response = await admin.client.request(`/api/admin/users?q=${encodeURIComponent(member.email)}`);
    const page = (await response.json()) as { users: AdminUser[]; total: number };
    expect(page.total).toBe(1);
    expect(page.users[0]).toMatchObject({
      id: member.userId,
      email: member.email,
      fullName: 'Mo Member',
      role: 'user',
      disabled: false,
      plan: 'free',
      versionsThisMonth: 0,
    });
    // A LIKE wildcard in the search is a character, not a pattern.
    const wild = await (await admin.client.request('/api/admin/users?q=%25')).json();
    expect(wild.total).toBe(0);
  });

  it('grants premium for N days and revokes it, each recorded with who did it', async () => {
    const granted = await changeAs(admin, member.userId, { kind: 'plan', plan: 'premium', days: 30 });
    expect(granted.status).toBe(200);
    const { user } = (await granted.json()) as { user: AdminUser };
    expect(user).toMatchObject({ plan: 'premium', planSource: 'admin' });
    expect(new Date(user.premiumUntil!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect((await me(member)).isPremium).toBe(true);
    expect((await audit())[0]).toMatchObject({
      via: 'web',
      actor: admin.email,
      action: 'plan.grant',
      target: member.email,
    });

    expect((await changeAs(admin, member.userId, { kind: 'plan', plan: 'free' })).status).toBe(200);
    expect((await me(member)).isPremium).toBe(false);
    expect((await audit())[0]).toMatchObject({ action: 'plan.revoke', target: member.email });
    // A member cannot change anyone, themselves included.
    expect((await changeAs(member, member.userId, { kind: 'plan', plan: 'premium' })).status).toBe(403);
  });

  it('a disabled account is signed out at once and refused at sign-in; enabled, it signs in again', async () => {
    const person = await signedUpUser(kiln, { name: 'Dee Disabled' });
    expect((await me(person)).user).not.toBeNull();
    expect((await changeAs(admin, person.userId, { kind: 'disabled', disabled: true })).status).toBe(200);
    expect((await me(person)).user).toBeNull();

    const again = new TestClient(kiln);
    const refused = await again.signIn(person.email, 'correct horse 1');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(ACCOUNT_DISABLED);

    expect((await changeAs(admin, person.userId, { kind: 'disabled', disabled: false })).status).toBe(200);
    expect((await again.signIn(person.email, 'correct horse 1')).status).toBe(200);
    expect((await me({ client: again })).user).not.toBeNull();
    const actions = (await audit()).filter((entry) => entry.target === person.email).map((e) => e.action);
    expect(actions).toEqual(['account.enable', 'account.disable']);
  });

  it('refuses what would lock Kiln out, with the rule’s words', async () => {
    const self = await changeAs(admin, admin.userId, { kind: 'disabled', disabled: true });
    expect(self.status).toBe(409);
    expect((await self.json()).error.message).toBe(ADMIN_TEXTS.selfDisable);
    const last = await changeAs(admin, admin.userId, { kind: 'role', role: 'user' });
    expect((await last.json()).error.message).toBe(ADMIN_TEXTS.lastAdmin);
    expect((await me(admin)).user?.isAdmin).toBe(true);
    const bad = await changeAs(admin, member.userId, { kind: 'plan', plan: 'premium', days: 0 });
    expect(bad.status).toBe(400);
  });

  it('the CLI acts on the running server with the key Kiln’s secret gives, and the trail says so', async () => {
    const config = { ...kiln.services.config, listen: '127.0.0.1', port };
    expect(await runOnServer(config, ['user', 'admin', member.email])).toBe(
      `${member.email} is now an administrator.`,
    );
    expect((await me(member)).user?.isAdmin).toBe(true);
    expect((await audit())[0]).toMatchObject({
      via: 'cli',
      actor: null,
      action: 'role.admin',
      target: member.email,
    });
    expect(await runOnServer(config, ['user', 'list', 'Mo'])).toContain(`${member.email}  free (admin)`);
    await expect(runOnServer(config, ['plan', 'grant', 'nobody@example.com', 'premium'])).rejects.toThrow(
      'No account with the email nobody@example.com.',
    );
    expect(await runOnServer(config, ['user', 'member', member.email])).toBe(
      `${member.email} is no longer an administrator.`,
    );

    // Without the key, or with another installation's, nothing runs.
    const url = `http://127.0.0.1:${port}/api/admin-cli`;
    const send = (key: string | null) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ argv: ['user', 'admin', member.email] }),
      });
    expect((await send(null)).status).toBe(401);
    expect((await send(adminCliKey('another installation secret'))).status).toBe(401);
    expect((await me(member)).user?.isAdmin).toBe(false);
    // A session does not open it either, an administrator's included.
    expect(
      (await admin.client.request('/api/admin-cli', { method: 'POST', json: { argv: ['user', 'list'] } }))
        .status,
    ).toBe(401);
  });
});
