/** The fake's users and their tokens (classic tokens carry scopes; fine-grained ones do not). */
import { randomBytes } from 'node:crypto';

export interface FakeUser {
  id: number;
  login: string;
  name: string;
  /** The branch a new repository of this user starts on (GitHub's per-user setting). */
  defaultBranch: string;
}

export interface FakeToken {
  value: string;
  login: string;
  /** Classic and OAuth tokens: their scopes (sent back in X-OAuth-Scopes); fine-grained: null. */
  scopes: string[] | null;
  revoked: boolean;
}

export class Accounts {
  private readonly users = new Map<string, FakeUser>();
  private readonly tokens = new Map<string, FakeToken>();
  private readonly primary = new Map<string, string>();
  private nextId = 1;

  createUser(
    login: string,
    options: { scopes?: string[] | null; name?: string; defaultBranch?: string } = {},
  ): { user: FakeUser; token: string } {
    if (this.users.has(login.toLowerCase())) throw new Error(`user ${login} exists`);
    const user: FakeUser = {
      id: this.nextId++,
      login,
      name: options.name ?? login,
      defaultBranch: options.defaultBranch ?? 'main',
    };
    this.users.set(login.toLowerCase(), user);
    const scopes = options.scopes === undefined ? ['repo'] : options.scopes;
    const token = this.issue(login, scopes, scopes === null ? 'github_pat_' : 'ghp_');
    this.primary.set(login.toLowerCase(), token);
    return { user, token };
  }

  user(login: string): FakeUser | undefined {
    return this.users.get(login.toLowerCase());
  }

  /** The token made with the user (a personal access token). */
  tokenFor(login: string): string {
    const token = this.primary.get(login.toLowerCase());
    if (!token) throw new Error(`no user ${login}`);
    return token;
  }

  issue(login: string, scopes: string[] | null, prefix = 'gho_'): string {
    const user = this.user(login);
    if (!user) throw new Error(`no user ${login}`);
    const value = `${prefix}${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
    this.tokens.set(value, { value, login: user.login, scopes, revoked: false });
    return value;
  }

  revoke(token: string): void {
    const found = this.tokens.get(token);
    if (!found) throw new Error('unknown token');
    found.revoked = true;
  }

  setScopes(token: string, scopes: string[] | null): void {
    const found = this.tokens.get(token);
    if (!found) throw new Error('unknown token');
    found.scopes = scopes;
  }

  /** The live token with this value, or null (unknown or revoked). */
  resolve(value: string | null): { token: FakeToken; user: FakeUser } | null {
    if (!value) return null;
    const token = this.tokens.get(value);
    if (!token || token.revoked) return null;
    const user = this.user(token.login);
    return user ? { token, user } : null;
  }
}

/** The token of an Authorization header: `Basic base64(any:token)`, `Bearer token` or `token token`. */
export function tokenOf(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, value] = header.trim().split(/\s+/, 2);
  if (!scheme || !value) return null;
  if (/^(bearer|token)$/i.test(scheme)) return value;
  if (/^basic$/i.test(scheme)) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return decoded || null;
    // GitHub takes the token as the password (any user name), or as the user name alone.
    return decoded.slice(colon + 1) || decoded.slice(0, colon) || null;
  }
  return null;
}

/** Whether a classic token's scopes allow reading (`write` false) or pushing to a repository. */
export function scopesAllow(scopes: string[] | null, repoIsPrivate: boolean, write: boolean): boolean {
  if (scopes === null) return true;
  if (scopes.includes('repo')) return true;
  if (repoIsPrivate) return false;
  return !write || scopes.includes('public_repo');
}
