import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { accounts, sessions, users, verifications } from '../db/schema/index.ts';

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
      schema: { users, sessions, accounts, verifications },
    }),
    user: { fields: { name: 'fullName', image: 'avatarUrl' } },
    // No signed session_data cookie: it kept a signed-out session usable for its whole max age
    // to anyone replaying the cookie. Each process reuses a resolved session for 5 s instead
    // (session-cache.ts) and forgets it at sign-out, so the database read stays rare.
    session: { cookieCache: { enabled: false } },
    emailAndPassword: { enabled: true, minPasswordLength: MIN_PASSWORD_LENGTH, autoSignIn: true },
    // GitHub sign-in is wired but only switched on when its keys are configured.
    socialProviders: config.github
      ? { github: { clientId: config.github.clientId, clientSecret: config.github.clientSecret } }
      : {},
    trustedOrigins: [config.publicUrl],
    advanced: {
      // Better Auth skips its Origin check when NODE_ENV=test; keep it on everywhere, so tests see
      // what production does (cross-site requests to /api/auth are refused, docs/security.md).
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
