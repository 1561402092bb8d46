import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ConfigError, parseConfig } from '../config.ts';
import { findActiveSubscription } from '../billing/active-subscription.ts';
import { PLANS_CHANNEL } from '../billing/plan-changes.ts';
import { grantPremium, revokePremium } from '../billing/subscriptions.ts';
import { addVersionCredits } from '../generation/quota.ts';
import { users } from '../db/schema/index.ts';
import { createKiln, type Kiln } from '../main.ts';
import { formatRotation, rotateSecrets } from '../crypto/rotate.ts';
import { DataDirLockedError, loadOrCreateSecret } from '../storage/data-dir.ts';

const USAGE = `Kiln administration

Usage: npm run kiln -- <command>

  user create <email> [--name "Full Name"] [--password <password>]
      Create an account (a random password is printed when none is given).
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

With the embedded database, stop the running Kiln first: one process owns the data folder.`;

export class UsageError extends Error {}

async function findUserId(kiln: Kiln, email: string): Promise<string> {
  const [user] = await kiln.services.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (!user) throw new UsageError(`No account with the email ${email}.`);
  return user.id;
}

/** Runs one admin command and returns what to print. */
export async function runCommand(kiln: Kiln, argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: 'string' }, password: { type: 'string' }, days: { type: 'string' } },
  });
  const [group, action, email, planName] = positionals;
  if (group === 'secrets' && action === 'rotate' && !email) {
    const { config, db } = kiln.services;
    // The same secret the server uses: KILN_SECRET, else the data folder's secret file.
    const secret = loadOrCreateSecret(config.dataDir, config.secret);
    return formatRotation(await rotateSecrets(db, { secret, previous: config.previousSecrets }));
  }
  if (!email) throw new UsageError(USAGE);

  if (group === 'user' && action === 'create') {
    // Sign-up answers a taken address like a new one (issue 21 item 2); the operator is told.
    const taken = await findUserId(kiln, email).catch(() => null);
    if (taken) throw new UsageError(`An account with the email ${email} already exists.`);
    const password = values.password ?? randomBytes(9).toString('base64url');
    const result = await kiln.services.auth.api.signUpEmail({
      body: { email, password, name: values.name ?? '' },
    });
    const printed = values.password ? '' : `\nPassword: ${password}`;
    return `Created ${result.user.email} (id ${result.user.id}).${printed}`;
  }

  if (group === 'credits' && action === 'add') {
    const amount = Number(planName);
    if (!Number.isInteger(amount) || amount < 1)
      throw new UsageError('The count must be a whole number, 1 or more.');
    const balance = await addVersionCredits(kiln.services.db, await findUserId(kiln, email), amount);
    return `${email} now has ${balance} extra version${balance === 1 ? '' : 's'}.`;
  }

  if (group === 'plan') {
    const userId = await findUserId(kiln, email);
    if (action === 'grant') {
      if (planName !== 'premium') throw new UsageError('Only the "premium" plan can be granted.');
      const days = values.days === undefined ? undefined : Number(values.days);
      if (days !== undefined && (!Number.isInteger(days) || days < 1)) {
        throw new UsageError('--days must be a whole number of days, 1 or more.');
      }
      const subscription = await grantPremium(kiln.services.db, userId, { days });
      announcePlanChange(kiln, userId);
      const until = subscription.currentPeriodEnd
        ? ` until ${subscription.currentPeriodEnd.toISOString()}`
        : '';
      return `${email} is now premium${until}.`;
    }
    if (action === 'revoke') {
      const ended = await revokePremium(kiln.services.db, userId);
      announcePlanChange(kiln, userId);
      return ended > 0 ? `${email} is no longer premium.` : `${email} had no premium subscription.`;
    }
    if (action === 'show') {
      const subscription = await findActiveSubscription(kiln.services.db, userId);
      return subscription ? `${email}: premium (${subscription.status})` : `${email}: free`;
    }
  }
  throw new UsageError(USAGE);
}

/** Running web processes drop their cached plan of the user now, not after the cache's time. */
function announcePlanChange(kiln: Kiln, userId: string): void {
  kiln.services.realtime.publish({ type: 'plan-changed', chatId: PLANS_CHANNEL, userId });
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === 'help') {
    console.log(USAGE);
    return;
  }
  const kiln = await createKiln(parseConfig(process.env));
  try {
    console.log(await runCommand(kiln, argv));
  } finally {
    await kiln.close();
  }
}

// Only run when executed, not when imported by tests.
if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    const known =
      error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirLockedError;
    const message = error instanceof Error && 'body' in error ? JSON.stringify(error.body) : String(error);
    console.error(known ? (error as Error).message : message);
    process.exit(1);
  });
}
