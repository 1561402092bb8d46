import { ApiError } from '../../../lib/api.ts';
import type { ChatCodeHost, LinkedRepo } from '../../../lib/codehost-types.ts';

/** Spec §2 "Code-hosting sync tab": exactly four states. */
export type GithubTabState =
  | { kind: 'premium-required' }
  | { kind: 'not-connected'; problem: string | null; repo: LinkedRepo | null }
  | { kind: 'create-repository'; username: string }
  | {
      kind: 'linked';
      username: string;
      repo: LinkedRepo;
      lastSync: string | null;
      syncedVersion: number | null;
    };

/**
 * Which state the tab shows. A connection GitHub refused on use (`problem`) counts as not
 * connected (docs/api.md: 'the tab shows GitHub not connected again'), even with a repository linked:
 * nothing can be synced until the user connects again.
 */
export function githubTabState(isPremium: boolean, codeHost: ChatCodeHost): GithubTabState {
  if (!isPremium) return { kind: 'premium-required' };
  const { connection, repo } = codeHost;
  if (!connection.connected || connection.problem !== null || connection.username === null) {
    return { kind: 'not-connected', problem: connection.problem, repo };
  }
  if (!repo) {
    return { kind: 'create-repository', username: connection.username };
  }
  return {
    kind: 'linked',
    username: connection.username,
    repo,
    lastSync: codeHost.lastSync,
    syncedVersion: codeHost.syncedVersion,
  };
}

/**
 * The state a failed read of GET /api/chats/:id/codehost still tells: a 402 is the premium
 * state, a 409 `codehost-not-connected` the not-connected one (with GitHub's reason); anything
 * else is an error to retry.
 */
export function githubTabStateFromError(error: unknown): GithubTabState | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 402) return { kind: 'premium-required' };
  if (error.code === 'codehost-not-connected')
    return { kind: 'not-connected', problem: error.message, repo: null };
  return null;
}
