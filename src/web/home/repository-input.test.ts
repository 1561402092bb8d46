import { describe, expect, it } from 'vitest';
import type { CodeHostRepoListItem } from '../lib/codehost-types.ts';
import { filterRepositories, parseRepositoryInput } from './repository-input.ts';

const repo = (fullName: string): CodeHostRepoListItem => ({
  fullName,
  private: false,
  defaultBranch: 'main',
  htmlUrl: `https://github.com/${fullName}`,
});

describe("'Import from GitHub': the repository field (issue 15: lists the user's repositories and accepts any public URL)", () => {
  it('accepts owner/name', () => {
    expect(parseRepositoryInput(' ada/pricing-table ')).toEqual({
      ok: true,
      repository: 'ada/pricing-table',
      fullName: 'ada/pricing-table',
      branch: null,
    });
  });

  it('accepts a repository address, with .git or a /tree/{branch} tail (core rule)', () => {
    expect(parseRepositoryInput('https://github.com/vitejs/vite')).toMatchObject({
      ok: true,
      fullName: 'vitejs/vite',
    });
    expect(parseRepositoryInput('https://github.com/vitejs/vite.git')).toMatchObject({
      fullName: 'vitejs/vite',
    });
    expect(parseRepositoryInput('https://github.com/vitejs/vite/tree/v6')).toMatchObject({
      fullName: 'vitejs/vite',
      branch: 'v6',
    });
    // What was typed goes to the server (another host of the same API stays that host).
    expect(parseRepositoryInput('https://git.example.com/team/app')).toMatchObject({
      repository: 'https://git.example.com/team/app',
      fullName: 'team/app',
    });
  });

  it('refuses what is not a repository', () => {
    expect(parseRepositoryInput('   ')).toEqual({
      ok: false,
      message: 'Choose a repository, or paste its address.',
    });
    expect(parseRepositoryInput('pricing')).toMatchObject({ ok: false });
    expect(parseRepositoryInput('https://github.com/vitejs')).toMatchObject({ ok: false });
    expect(parseRepositoryInput('ada/has space')).toMatchObject({ ok: false });
    expect(parseRepositoryInput('https://')).toMatchObject({ ok: false });
    expect(parseRepositoryInput('https://github.com/vitejs/vite/blob/main/README.md')).toMatchObject({
      ok: false,
    });
  });

  it('filters the list by any part of the name, and by a pasted address', () => {
    const repos = [repo('ada/pricing-table'), repo('ada/todo'), repo('grace/Pricing')];
    expect(filterRepositories(repos, '').map((r) => r.fullName)).toEqual([
      'ada/pricing-table',
      'ada/todo',
      'grace/Pricing',
    ]);
    expect(filterRepositories(repos, 'PRICING').map((r) => r.fullName)).toEqual([
      'ada/pricing-table',
      'grace/Pricing',
    ]);
    expect(filterRepositories(repos, 'https://github.com/ada/todo').map((r) => r.fullName)).toEqual([
      'ada/todo',
    ]);
  });
});
