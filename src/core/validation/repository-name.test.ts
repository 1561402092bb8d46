import { describe, expect, it } from 'vitest';
import { defaultRepositoryName, validateRepositoryName } from './repository-name.ts';

describe("Spec §5 repository name: 'Required, trimmed: 'Repository name required' – 'Please enter a repository name.''", () => {
  it('trims and rejects blank names', () => {
    expect(validateRepositoryName('  my-repo ')).toEqual({ ok: true, value: 'my-repo' });
    expect(validateRepositoryName('   ')).toEqual({
      ok: false,
      error: {
        code: 'repository-name-required',
        title: 'Repository name required',
        message: 'Please enter a repository name.',
      },
    });
  });
});

describe("Spec §5 repository name default: '{brand}-{slug}'; else '{brand}-' + title slug; else '{brand}-component-' + first 8 of the chat id", () => {
  it('uses the slug first', () => {
    expect(defaultRepositoryName({ id: '0123456789abcdef', slug: 'todo-app-x1y2', title: 'Todo' })).toBe(
      'kiln-todo-app-x1y2',
    );
  });

  it('then the title, lowercased, runs of non-alphanumerics turned into single hyphens', () => {
    expect(defaultRepositoryName({ id: '0123456789abcdef', slug: null, title: 'My  Todo -- App!' })).toBe(
      'kiln-my-todo-app',
    );
  });

  it('then the first 8 characters of the chat id', () => {
    expect(defaultRepositoryName({ id: '0123456789abcdef', slug: '', title: '!!!' })).toBe(
      'kiln-component-01234567',
    );
  });
});
