import { describe, expect, it } from 'vitest';
import { lockedVersions, pinLockedVersions } from './locked-versions.ts';

const manifest = {
  dependencies: { react: '^18.2.0', '@scope/ui': '~1.4.0' },
  devDependencies: { vite: '^5.0.0', typescript: 'latest' },
};

describe("a project's lock file decides its direct dependencies' versions", () => {
  it('reads package-lock.json v3 (top-level entries only) and v1', () => {
    const v3 = JSON.stringify({
      lockfileVersion: 3,
      packages: {
        '': { name: 'app' },
        'node_modules/react': {
          version: '18.2.0',
          resolved: 'https://registry.npmjs.org/react/-/react-18.2.0.tgz',
        },
        'node_modules/@scope/ui': { version: '1.4.2' },
        'node_modules/vite': { version: '5.1.4' },
        'node_modules/vite/node_modules/esbuild': { version: '0.19.0' },
        'node_modules/local': { link: true, version: '1.0.0' },
      },
    });
    expect([...lockedVersions([{ name: 'package-lock.json', content: v3 }], manifest)]).toEqual([
      ['react', '18.2.0'],
      ['@scope/ui', '1.4.2'],
      ['vite', '5.1.4'],
    ]);
    const v1 = JSON.stringify({ lockfileVersion: 1, dependencies: { react: { version: '18.1.0' } } });
    expect(lockedVersions([{ name: 'package-lock.json', content: v1 }], manifest).get('react')).toBe(
      '18.1.0',
    );
  });

  it('reads pnpm-lock.yaml v9 (peer suffixes dropped) and v5', () => {
    const v9 = [
      "lockfileVersion: '9.0'",
      'importers:',
      '  .:',
      '    dependencies:',
      '      react:',
      '        specifier: ^18.2.0',
      '        version: 18.3.1',
      '    devDependencies:',
      '      vite:',
      '        specifier: ^5.0.0',
      '        version: 5.4.2(@types/node@20.0.0)',
    ].join('\n');
    const locked = lockedVersions([{ name: 'pnpm-lock.yaml', content: v9 }], manifest);
    expect(Object.fromEntries(locked)).toEqual({ react: '18.3.1', vite: '5.4.2' });
    const v5 = [
      'lockfileVersion: 5.4',
      'dependencies:',
      '  react: 18.2.0_abc',
      'devDependencies:',
      '  vite: 5.0.1',
    ].join('\n');
    expect(Object.fromEntries(lockedVersions([{ name: 'pnpm-lock.yaml', content: v5 }], manifest))).toEqual({
      react: '18.2.0',
      vite: '5.0.1',
    });
  });

  it('reads yarn.lock v1 and berry, matching the declared range', () => {
    const v1 = [
      '# yarn lockfile v1',
      '',
      'react@^18.2.0:',
      '  version "18.2.0"',
      '  resolved "https://registry.yarnpkg.com/react/-/react-18.2.0.tgz"',
      '',
      '"@scope/ui@~1.4.0", "@scope/ui@^1.0.0":',
      '  version "1.4.9"',
      '',
      'vite@^4.0.0:',
      '  version "4.5.0"',
    ].join('\n');
    expect(Object.fromEntries(lockedVersions([{ name: 'yarn.lock', content: v1 }], manifest))).toEqual({
      react: '18.2.0',
      '@scope/ui': '1.4.9',
    });
    const berry = ['__metadata:', '  version: 6', '', '"react@npm:^18.2.0":', '  version: 18.2.0'].join('\n');
    expect(Object.fromEntries(lockedVersions([{ name: 'yarn.lock', content: berry }], manifest))).toEqual({
      react: '18.2.0',
    });
  });

  it('ignores a lock file that does not parse', () => {
    expect(lockedVersions([{ name: 'package-lock.json', content: '{ nope' }], manifest).size).toBe(0);
  });

  it('pins a locked version the range accepts; a stale entry or an alias keeps the range', () => {
    const locked = new Map([
      ['react', '18.2.0'],
      ['vite', '4.5.0'],
      ['typescript', '5.4.5'],
    ]);
    expect(pinLockedVersions({ name: 'app', ...manifest }, locked)).toEqual({
      name: 'app',
      dependencies: { react: '18.2.0', '@scope/ui': '~1.4.0' },
      devDependencies: { vite: '^5.0.0', typescript: '5.4.5' },
    });
    expect(pinLockedVersions({ dependencies: { a: 'npm:b@^1.0.0' } }, new Map([['a', '1.0.0']]))).toEqual({
      dependencies: { a: 'npm:b@^1.0.0' },
    });
  });
});
