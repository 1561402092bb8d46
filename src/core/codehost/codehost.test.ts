import { describe, expect, it } from 'vitest';
import { detectFramework } from './detect-framework.ts';
import { parseRepositoryInput } from './repository-input.ts';
import { isEnvFile, versionCommitMessage } from './sync-files.ts';

describe('code-host rules', () => {
  it('never pushes environment files, at any depth', () => {
    for (const path of ['.env', '.env.local', 'apps/web/.env.production']) expect(isEnvFile(path)).toBe(true);
    for (const path of ['env.ts', 'src/.environment.ts', '.envrc-not', 'README.md'])
      expect(isEnvFile(path)).toBe(false);
  });

  it("names the version in the commit message, the prompt's first line cut short", () => {
    expect(versionCommitMessage(3, 'Add a footer\nwith links')).toBe('Kiln version #3: Add a footer');
    expect(versionCommitMessage(1, '')).toBe('Kiln version #1');
    const long = versionCommitMessage(2, 'x'.repeat(200));
    expect(long.length).toBeLessThanOrEqual(72);
    expect(long.endsWith('…')).toBe(true);
  });

  it('reads owner/name and the code host addresses, nothing else', () => {
    const web = 'https://github.com';
    expect(parseRepositoryInput('octo/hello-world', web)).toEqual({
      owner: 'octo',
      name: 'hello-world',
      branch: null,
    });
    expect(parseRepositoryInput('https://github.com/octo/hello.git/', web)).toEqual({
      owner: 'octo',
      name: 'hello',
      branch: null,
    });
    expect(parseRepositoryInput('https://github.com/octo/app/tree/feature/x', web)).toEqual({
      owner: 'octo',
      name: 'app',
      branch: 'feature/x',
    });
    expect(parseRepositoryInput('https://github.com/octo/app/tree/a%7Bb%7D/-x', web)).toEqual({
      owner: 'octo',
      name: 'app',
      branch: 'a{b}/-x',
    });
    expect(parseRepositoryInput('https://github.com/octo/app/tree/%E0%A4%A', web)).toBeNull();
    expect(parseRepositoryInput('https://evil.example/octo/app', web)).toBeNull();
    expect(parseRepositoryInput('octo', web)).toBeNull();
    expect(parseRepositoryInput('octo/..', web)).toBeNull();
  });

  it('detects the framework from package.json', () => {
    const pkg = (deps: Record<string, string>) => [
      { path: 'package.json', content: JSON.stringify({ dependencies: deps }) },
    ];
    expect(detectFramework(pkg({ react: '^19.0.0', 'react-dom': '^19.0.0' }))).toBe('react');
    expect(detectFramework(pkg({ vue: '^3.5.0' }))).toBe('vue');
    expect(detectFramework(pkg({ svelte: '^5.0.0' }))).toBe('svelte');
    expect(detectFramework(pkg({ '@angular/core': '^20.0.0', react: '^19.0.0' }))).toBe('angular');
    expect(detectFramework([{ path: 'index.html', content: '<h1>x</h1>' }])).toBe('html');
    expect(detectFramework([{ path: 'package.json', content: '{nope' }])).toBe('html');
  });
});
