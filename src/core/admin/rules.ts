/**
 * What an administrator may change about an account (issue 35 item 9), the same on /admin and
 * with the CLI. Kiln always keeps one administrator who can sign in, and nobody locks
 * themselves out by accident.
 */

export type AccountRole = 'user' | 'admin';

export type AdminChange =
  | { kind: 'plan'; plan: 'premium' | 'free'; days?: number }
  | { kind: 'role'; role: AccountRole }
  | { kind: 'disabled'; disabled: boolean };

export interface AdminTarget {
  id: string;
  role: AccountRole;
  disabled: boolean;
  /** Where the account's premium comes from now (null: free). */
  planSource: 'stripe' | 'admin' | null;
}

/** Who asks: an administrator's user id, or null for the command line (the machine's operator). */
export interface AdminActor {
  userId: string | null;
}

export const ADMIN_TEXTS = {
  selfDisable: 'You cannot disable your own account.',
  disableAdmin: 'Remove the administrator role before disabling this account.',
  lastAdmin: 'Kiln needs at least one administrator: make another account an administrator first.',
  disabledAdmin: 'Enable this account before making it an administrator.',
  days: 'The number of days must be a whole number, 1 or more.',
  stripePlan:
    "This account's premium is paid through Stripe: change it in Stripe's dashboard, where the customer is billed.",
} as const;

/**
 * The reason a change is refused, or null when it may be made. `activeAdmins`: how many
 * administrators can sign in now (the target included when it is one).
 */
export function refuseAdminChange(
  actor: AdminActor,
  target: AdminTarget,
  change: AdminChange,
  activeAdmins: number,
): string | null {
  switch (change.kind) {
    case 'plan':
      // Kiln would end or replace it locally while Stripe went on billing the customer.
      if (target.planSource === 'stripe') return ADMIN_TEXTS.stripePlan;
      if (change.days !== undefined && (!Number.isInteger(change.days) || change.days < 1))
        return ADMIN_TEXTS.days;
      return null;
    case 'role':
      if (change.role === 'admin') return target.disabled ? ADMIN_TEXTS.disabledAdmin : null;
      if (target.role === 'admin' && !target.disabled && activeAdmins <= 1) return ADMIN_TEXTS.lastAdmin;
      return null;
    case 'disabled':
      if (!change.disabled) return null;
      if (actor.userId === target.id) return ADMIN_TEXTS.selfDisable;
      if (target.role === 'admin') return ADMIN_TEXTS.disableAdmin;
      return null;
  }
}

/** The audit trail's name of a change (`admin_actions.action`). */
export function adminActionName(change: AdminChange): string {
  switch (change.kind) {
    case 'plan':
      return change.plan === 'premium' ? 'plan.grant' : 'plan.revoke';
    case 'role':
      return change.role === 'admin' ? 'role.admin' : 'role.user';
    case 'disabled':
      return change.disabled ? 'account.disable' : 'account.enable';
  }
}

/** How the audit trail reads an action (the /admin page's activity list). */
export const ADMIN_ACTION_LABELS: Readonly<Record<string, string>> = {
  'plan.grant': 'Granted premium',
  'plan.revoke': 'Revoked premium',
  'role.admin': 'Made administrator',
  'role.user': 'Removed administrator',
  'account.disable': 'Disabled the account',
  'account.enable': 'Enabled the account',
  'credits.add': 'Added extra versions',
  'user.create': 'Created the account',
};
