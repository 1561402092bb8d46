import { describe, expect, it } from 'vitest';
import { ADMIN_TEXTS, adminActionName, refuseAdminChange, type AdminTarget } from './rules.ts';

const user: AdminTarget = { id: 'u1', role: 'user', disabled: false, planSource: null };
const admin: AdminTarget = { id: 'a1', role: 'admin', disabled: false, planSource: null };
const web = { userId: 'a1' };
const cli = { userId: null };

describe('what an administrator may change', () => {
  it('grants and revokes premium, for whole days only, never over a Stripe subscription', () => {
    expect(refuseAdminChange(web, user, { kind: 'plan', plan: 'premium' }, 1)).toBeNull();
    expect(refuseAdminChange(web, user, { kind: 'plan', plan: 'premium', days: 30 }, 1)).toBeNull();
    expect(refuseAdminChange(web, user, { kind: 'plan', plan: 'premium', days: 0 }, 1)).toBe(
      ADMIN_TEXTS.days,
    );
    expect(refuseAdminChange(web, user, { kind: 'plan', plan: 'premium', days: 1.5 }, 1)).toBe(
      ADMIN_TEXTS.days,
    );
    const paying = { ...user, planSource: 'stripe' as const };
    expect(refuseAdminChange(web, paying, { kind: 'plan', plan: 'free' }, 1)).toBe(ADMIN_TEXTS.stripePlan);
    expect(refuseAdminChange(cli, paying, { kind: 'plan', plan: 'premium' }, 1)).toBe(ADMIN_TEXTS.stripePlan);
    const granted = { ...user, planSource: 'admin' as const };
    expect(refuseAdminChange(web, granted, { kind: 'plan', plan: 'free' }, 1)).toBeNull();
  });

  it('keeps one administrator who can sign in', () => {
    expect(refuseAdminChange(web, admin, { kind: 'role', role: 'user' }, 1)).toBe(ADMIN_TEXTS.lastAdmin);
    expect(refuseAdminChange(cli, admin, { kind: 'role', role: 'user' }, 1)).toBe(ADMIN_TEXTS.lastAdmin);
    expect(refuseAdminChange(web, admin, { kind: 'role', role: 'user' }, 2)).toBeNull();
    expect(refuseAdminChange(web, user, { kind: 'role', role: 'admin' }, 1)).toBeNull();
    expect(refuseAdminChange(web, { ...user, disabled: true }, { kind: 'role', role: 'admin' }, 1)).toBe(
      ADMIN_TEXTS.disabledAdmin,
    );
  });

  it('disables anyone but oneself and administrators; enables anyone', () => {
    expect(refuseAdminChange(web, user, { kind: 'disabled', disabled: true }, 1)).toBeNull();
    expect(refuseAdminChange(web, admin, { kind: 'disabled', disabled: true }, 2)).toBe(
      ADMIN_TEXTS.selfDisable,
    );
    expect(refuseAdminChange(web, { ...admin, id: 'a2' }, { kind: 'disabled', disabled: true }, 2)).toBe(
      ADMIN_TEXTS.disableAdmin,
    );
    expect(
      refuseAdminChange(cli, { ...user, disabled: true }, { kind: 'disabled', disabled: false }, 1),
    ).toBeNull();
  });

  it('names each change in the audit trail', () => {
    expect(adminActionName({ kind: 'plan', plan: 'premium' })).toBe('plan.grant');
    expect(adminActionName({ kind: 'plan', plan: 'free' })).toBe('plan.revoke');
    expect(adminActionName({ kind: 'role', role: 'admin' })).toBe('role.admin');
    expect(adminActionName({ kind: 'disabled', disabled: true })).toBe('account.disable');
    expect(adminActionName({ kind: 'disabled', disabled: false })).toBe('account.enable');
  });
});
