import type { Kiln } from '../../src/server/main.ts';

export interface OAuthTokens {
  accessToken: string;
  refreshToken: string;
  idToken: string;
}

/**
 * What Better Auth's GitHub callback stores for a first sign-in (user and account through its
 * internal adapter, so its database hooks run), without GitHub itself: its provider's URLs are
 * fixed to github.com.
 */
export async function storeGitHubSignIn(kiln: Kiln, email: string, tokens: OAuthTokens) {
  const context = await kiln.services.auth.$context;
  return context.internalAdapter.createOAuthUser(
    { email, name: 'Octo Cat', emailVerified: true },
    {
      providerId: 'github',
      accountId: String(Math.floor(Math.random() * 1e9)),
      scope: 'read:user',
      ...tokens,
    },
  );
}

/** A later sign-in with new tokens, as Better Auth's callback updates the account. */
export async function updateGitHubSignIn(kiln: Kiln, accountId: string, tokens: Partial<OAuthTokens>) {
  const context = await kiln.services.auth.$context;
  return context.internalAdapter.updateAccount(accountId, tokens);
}
