import type { Config } from '../config.ts';
import { createSecretBox, isSealed, type SecretBox } from './secret-box.ts';

/** The token columns of Better Auth's `accounts` rows (GitHub sign-in), sealed at rest. */
export const OAUTH_TOKEN_FIELDS = ['accessToken', 'refreshToken', 'idToken'] as const;

export function oauthTokensBox(deps: { config: Pick<Config, 'previousSecrets'>; secret: string }): SecretBox {
  return createSecretBox({
    secret: deps.secret,
    previous: deps.config.previousSecrets,
    purpose: 'oauth-tokens',
  });
}

function sealTokens<T extends Record<string, unknown>>(box: SecretBox, account: T): { data: T } {
  const data: Record<string, unknown> = { ...account };
  for (const field of OAUTH_TOKEN_FIELDS) {
    const value = data[field];
    if (typeof value === 'string' && value !== '' && !isSealed(value)) data[field] = box.seal(value);
  }
  return { data: data as T };
}

/**
 * Better Auth database hooks that seal every OAuth token it writes (sign-in creates the account,
 * a later sign-in updates its tokens) with Kiln's versioned secret box, so `secrets rotate` covers
 * them like every other credential. Better Auth's own `encryptOAuthTokens` would use a second key
 * scheme and leave the id token in the clear. Kiln never reads these tokens: sign-in only needs
 * GitHub's answer at the callback, before anything is stored.
 */
export function sealOAuthTokenHooks(box: SecretBox) {
  return {
    account: {
      create: { before: async <T extends Record<string, unknown>>(account: T) => sealTokens(box, account) },
      update: { before: async <T extends Record<string, unknown>>(account: T) => sealTokens(box, account) },
    },
  };
}

/**
 * Better Auth endpoints that hand a stored OAuth token back or use it; they would see sealed
 * values and Kiln calls none of them, so they answer 404.
 */
export const OAUTH_TOKEN_PATHS = ['/get-access-token', '/refresh-token', '/account-info'];
