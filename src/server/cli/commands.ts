/** The CLI's commands (docs/operations): run by `npm run kiln` or, for it, by a running server. */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { AdminUser } from '../../core/admin/index.ts';
import { addVersionCredits } from '../generation/quota.ts';
import type { Services } from '../http/context.ts';
import { formatRotation, rotateSecrets } from '../crypto/rotate.ts';
import { loadOrCreateSecret } from '../storage/data-dir.ts';

export const USAGE = `Kiln administration

Usage: npm run kiln -- <command>

  user create <email> [--name "Full Name"] [--password <password>]
      Create an account (a random password is printed when none is given).
  user list [<search>]
      List accounts (newest first; the search matches the email or the name).
  user admin <email>            Make the account an administrator (it opens /admin).
  user member <email>           Make an administrator a regular account again.
  user disable <email>          Sign the account out everywhere and refuse its sign-ins.
  user enable <email>           Let a disabled account sign in again.
  plan grant <email> premium [--days N]
      Give the user premium, for N days or until revoked.
  plan revoke <email>
      End the user's premium subscription.
  plan show <email>
      Print the user's plan.
  credits add <email> <count>
      Give extra versions, used once the plan's limit is reached.
  secrets rotate
      After changing KILN_SECRET (the old value in KILN_SECRET_PREVIOUS): seal every stored
      credential (GitHub tokens, sign-in tokens, integrations' keys) with the new secret.
      Safe to run again; see docs/operations/secrets.md.

Every change is recorded in the audit trail shown on /admin. With the embedded database, a
running Kiln owns the data folder: the command is then run by that server (on 127.0.0.1:PORT).`;

export class UsageError extends Error {}

/** What a command uses: a Kiln's services, whether the CLI's own or the running server's. */
type CliServices = Pick<Services, 'db' | 'auth' | 'config' | 'admin'>;

/** The command line is the machine's operator: no administrator account, via 'cli'. */
const OPERATOR = { userId: null, via: 'cli' as const };

async function findUser(services: CliServices, email: string): Promise<AdminUser> {
  const user = await services.admin.findUserByEmail(email);
  if (!user) throw new UsageError(`No account with the email ${email}.`);
  return user;
}

function describe(user: AdminUser): string {
  const flags = [user.role === 'admin' ? 'admin' : null, user.disabled ? 'disabled' : null].filter(Boolean);
  return `${user.email}  ${user.plan}${flags.length ? ` (${flags.join(', ')})` : ''}  ${user.versionsThisMonth} version${user.versionsThisMonth === 1 ? '' : 's'} this month`;
}

/** Runs one admin command and returns what to print. */
export async function runCommand(kiln: { services: CliServices }, argv: string[]): Promise<string> {
  const { services } = kiln;
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, password: { type: 'string' }, days: { type: 'string' } },
  });
  const [group, action, email, planName] = positionals;
  if (group === 'secrets' && action === 'rotate' && !email) {
    const { config, db } = services;
    // The same secret the server uses: KILN_SECRET, else the data folder's secret file.
    const secret = loadOrCreateSecret(config.dataDir, config.secret);
    return formatRotation(await rotateSecrets(db, { secret, previous: config.previousSecrets }));
  }
  if (group === 'user' && action === 'list') {
    const page = await services.admin.listUsers({ query: email });
    if (page.users.length === 0) return 'No accounts.';
    const more = page.total > page.users.length ? `\n… and ${page.total - page.users.length} more.` : '';
    return page.users.map(describe).join('\n') + more;
  }
  if (!email) throw new UsageError(USAGE);

  if (group === 'user' && action === 'create') {
    // Sign-up answers a taken address like a new one (issue 21 item 2); the operator is told.
    if (await services.admin.findUserByEmail(email))
      throw new UsageError(`An account with the email ${email} already exists.`);
    const password = values.password ?? randomBytes(9).toString('base64url');
    const result = await services.auth.api.signUpEmail({
      body: { email, password, name: values.name ?? '' },
    });
    await services.admin.record(OPERATOR, 'user.create', result.user.id, { email: result.user.email });
    const printed = values.password ? '' : `\nPassword: ${password}`;
    return `Created ${result.user.email} (id ${result.user.id}).${printed}`;
  }

  const roles: Record<string, 'admin' | 'user'> = { admin: 'admin', member: 'user' };
  if (group === 'user' && action && action in roles) {
    const user = await findUser(services, email);
    await change(services, user, { kind: 'role', role: roles[action]! });
    return roles[action] === 'admin'
      ? `${email} is now an administrator.`
      : `${email} is no longer an administrator.`;
  }
  if (group === 'user' && (action === 'disable' || action === 'enable')) {
    const user = await findUser(services, email);
    await change(services, user, { kind: 'disabled', disabled: action === 'disable' });
    return action === 'disable'
      ? `${email} is disabled: signed out everywhere, and sign-in is refused.`
      : `${email} can sign in again.`;
  }

  if (group === 'credits' && action === 'add') {
    const amount = Number(planName);
    if (!Number.isInteger(amount) || amount < 1)
      throw new UsageError('The count must be a whole number, 1 or more.');
    const user = await findUser(services, email);
    const balance = await addVersionCredits(services.db, user.id, amount);
    await services.admin.record(OPERATOR, 'credits.add', user.id, {
      email: user.email,
      count: amount,
      balance,
    });
    return `${email} now has ${balance} extra version${balance === 1 ? '' : 's'}.`;
  }

  if (group === 'plan') {
    const user = await findUser(services, email);
    if (action === 'grant') {
      if (planName !== 'premium') throw new UsageError('Only the "premium" plan can be granted.');
      const days = values.days === undefined ? undefined : Number(values.days);
      if (days !== undefined && (!Number.isInteger(days) || days < 1)) {
        throw new UsageError('--days must be a whole number of days, 1 or more.');
      }
      const after = await change(services, user, { kind: 'plan', plan: 'premium', days });
      return `${email} is now premium${after.premiumUntil ? ` until ${after.premiumUntil}` : ''}.`;
    }
    if (action === 'revoke') {
      if (user.plan === 'free') return `${email} had no premium subscription.`;
      await change(services, user, { kind: 'plan', plan: 'free' });
      return `${email} is no longer premium.`;
    }
    if (action === 'show') {
      return user.plan === 'premium'
        ? `${email}: premium (${user.planSource === 'stripe' ? 'Stripe' : 'granted'})`
        : `${email}: free`;
    }
  }
  throw new UsageError(USAGE);
}

/** A change under /admin's rules; a refusal is the operator's usage error, with its text. */
async function change(
  services: CliServices,
  user: AdminUser,
  what: Parameters<CliServices['admin']['change']>[2],
): Promise<AdminUser> {
  try {
    return await services.admin.change(OPERATOR, user.id, what);
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'admin-change-refused')
      throw new UsageError(error.message);
    throw error;
  }
}
