import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema/index.ts';
import { CLIENT_ADDRESS_HEADER } from '../limits/client-address.ts';
import { OAUTH_TOKEN_PATHS, oauthTokensBox, sealOAuthTokenHooks } from '../crypto/oauth-tokens.ts';
import type { RateRule } from '../../core/limits/index.ts';

export const MIN_PASSWORD_LENGTH = 8;

/**
 * Better Auth over our own tables (usePlural: users, sessions, ...). The session cookie is
 * host-only (no Domain attribute), HttpOnly and SameSite=Lax, so preview and deployment
 * subdomains, which run generated code, never receive it.
 */
export function createAuth(options: { db: Database; config: Config; secret: string }) {
  const { db, config, secret } = options;
  return betterAuth({
    appName: 'Kiln',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: { users, sessions, accounts, verifications, rateLimits },
    }),
    user: {
      fields: { name: 'fullName', image: 'avatarUrl' },
      // Read with the session (/admin's link, a disabled account's refusal); never set by a client.
      additionalFields: {
        role: { type: 'string', input: false, required: false, defaultValue: 'user' },
        disabledAt: { type: 'date', input: false, required: false },
      },
    },
    // No signed session_data cookie: it kept a signed-out session usable for its whole max age
    // to anyone replaying the cookie. Each process reuses a resolved session for 5 s instead
    // (session-cache.ts) and forgets it at sign-out, so the database read stays rare.
    session: { cookieCache: { enabled: false } },
    // Sign-up signs nobody in, so Better Auth answers an address that already has an account
    // exactly as a new one (its generic response, a password hashed either way): sign-up does
    // not tell who has an account. The web page signs in next (signup-page.tsx).
    emailAndPassword: { enabled: true, minPasswordLength: MIN_PASSWORD_LENGTH, autoSignIn: false },
    rateLimit: authRateLimit(config),
    // GitHub sign-in is wired but only switched on when its keys are configured.
    socialProviders: config.github
      ? { github: { clientId: config.github.clientId, clientSecret: config.github.clientSecret } }
      : {},
    trustedOrigins: [config.publicUrl],
    // OAuth tokens are sealed at rest with Kiln's secret box (issue 21 item 7, crypto/oauth-tokens.ts).
    databaseHooks: {
      ...sealOAuthTokenHooks(oauthTokensBox({ config, secret })),
      user: { create: { after: async () => void (await makeFirstAccountAdmin(db)) } },
      // A disabled account gets no session: sign-in (password or GitHub) is refused.
      session: {
        create: {
          before: async (session) => {
            const [disabled] = await db
              .select({ id: users.id })
              .from(users)
              .where(and(eq(users.id, session.userId), isNotNull(users.disabledAt)))
              .limit(1);
            if (disabled)
              throw new APIError('FORBIDDEN', { message: ACCOUNT_DISABLED, code: 'ACCOUNT_DISABLED' });
          },
        },
      },
    },
    disabledPaths: OAUTH_TOKEN_PATHS,
    advanced: {
      // Better Auth skips its Origin check when NODE_ENV=test; keep it on everywhere, so tests see
      // what production does (cross-site requests to /api/auth are refused, docs/security.md).
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => crypto.randomUUID() },
      // The client's address as Kiln resolved it (limits/client-address.ts), never a header the
      // client wrote: the app sets this one on every request it hands to Better Auth.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

export const ACCOUNT_DISABLED = 'This account has been disabled by an administrator.';

/**
 * The first account made is Kiln's administrator (issue 35 item 9). Run after each sign-up: the
 * earliest account becomes one while there is none, so two first sign-ups at once agree.
 */
export async function makeFirstAccountAdmin(db: Database): Promise<void> {
  await db.execute(sql`
    update ${users} set role = 'admin'
    where ${users.id} = (select id from ${users} order by created_at, id limit 1)
      and not exists (select 1 from ${users} where role = 'admin')`);
}

/** Effectively no limit, for a window KILN_RATE_LIMITS turned off while others stay on. */
const UNLIMITED = { window: 60, max: Number.MAX_SAFE_INTEGER };

/**
 * Better Auth's own limiter, per client address and path, with KILN_RATE_LIMITS's `sign-in`,
 * `sign-up` and `auth` (every other path) windows, its counters in the `rate_limits` table so a
 * limit holds across processes (issue 21 item 2). Its 429 becomes Kiln's (limits/auth-answer.ts).
 */
function authRateLimit(config: Config) {
  const { address } = config.limits.rates;
  const asRule = (rule: RateRule | null) =>
    rule ? { window: Math.ceil(rule.windowMs / 1000), max: rule.max } : UNLIMITED;
  const isEnabled = [address['sign-in'], address['sign-up'], address.auth].some((rule) => rule !== null);
  return {
    enabled: isEnabled,
    storage: 'database' as const,
    modelName: 'rateLimit',
    ...asRule(address.auth),
    customRules: { '/sign-in/*': asRule(address['sign-in']), '/sign-up/*': asRule(address['sign-up']) },
  };
}
