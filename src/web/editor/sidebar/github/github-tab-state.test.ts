import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import type { ChatCodeHost, CodeHostConnection } from '../../../lib/codehost-types.ts';
import { githubTabState, githubTabStateFromError } from './github-tab-state.ts';

const connected: CodeHostConnection = {
  connected: true,
  username: 'ada',
  method: 'device',
  scopes: ['repo'],
  problem: null,
  methods: { device: true, web: false, token: true },
};
const repo = {
  fullName: 'ada/kiln-pricing',
  htmlUrl: 'https://github.com/ada/kiln-pricing',
  defaultBranch: 'main',
};
const codeHost = (patch: Partial<ChatCodeHost> = {}): ChatCodeHost => ({
  connection: connected,
  repo: null,
  lastSync: null,
  suggestedName: 'kiln-pricing',
  syncedVersion: null,
  ...patch,
});

describe('code-hosting sync tab states (spec §2 "Code-hosting sync tab")', () => {
  it("not premium: 'Premium feature required', whatever else is true", () => {
    expect(githubTabState(false, codeHost({ repo })).kind).toBe('premium-required');
  });

  it("premium but no connection: 'GitHub not connected'", () => {
    const none = { ...connected, connected: false, username: null, method: null };
    expect(githubTabState(true, codeHost({ connection: none }))).toEqual({
      kind: 'not-connected',
      problem: null,
      repo: null,
    });
  });

  it('a token GitHub refused on use counts as not connected, with the reason, even with a repository', () => {
    const refused = { ...connected, problem: 'Bad credentials' };
    expect(githubTabState(true, codeHost({ connection: refused, repo }))).toEqual({
      kind: 'not-connected',
      problem: 'Bad credentials',
      repo,
    });
  });

  it("connected, no repository: the create form with '{username}/{repository name}'", () => {
    expect(githubTabState(true, codeHost())).toEqual({ kind: 'create-repository', username: 'ada' });
  });

  it('repository linked: the repository, the last sync and the synced version', () => {
    const lastSync = '2026-03-10T12:00:00.000Z';
    expect(githubTabState(true, codeHost({ repo, lastSync, syncedVersion: 3 }))).toEqual({
      kind: 'linked',
      username: 'ada',
      repo,
      lastSync,
      syncedVersion: 3,
    });
  });

  it('reads the premium and not-connected states from a refused read, and nothing else', () => {
    expect(
      githubTabStateFromError(new ApiError(402, 'payment-required', 'This is a premium feature.')),
    ).toEqual({
      kind: 'premium-required',
    });
    expect(
      githubTabStateFromError(new ApiError(409, 'codehost-not-connected', 'The token was revoked.')),
    ).toEqual({ kind: 'not-connected', problem: 'The token was revoked.', repo: null });
    expect(githubTabStateFromError(new ApiError(500, 'internal', 'boom'))).toBeNull();
    expect(githubTabStateFromError(new TypeError('Failed to fetch'))).toBeNull();
  });
});
