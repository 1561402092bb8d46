import { describe, expect, it } from 'vitest';
import { declaredPackages } from './declared.ts';

describe('the packages package.json declares', () => {
  it('every section, the project itself, a dependency range winning over a dev one', () => {
    const manifest = JSON.stringify({
      name: 'my-app',
      version: '1.0.0',
      dependencies: { react: '^19.2.0', axios: '1.7.9' },
      devDependencies: { vite: '^8.0.0', axios: '^1.0.0' },
      peerDependencies: { vue: '^3.5.0' },
      optionalDependencies: { fsevents: '*' },
    });
    expect(Object.fromEntries(declaredPackages(manifest)!)).toEqual({
      'my-app': '1.0.0',
      react: '^19.2.0',
      axios: '1.7.9',
      vite: '^8.0.0',
      vue: '^3.5.0',
      fsevents: '*',
    });
  });

  it.each(['{ "dependencies": ', '[]', 'null', '"x"'])('%s is not a manifest', (source) => {
    expect(declaredPackages(source)).toBeNull();
  });
});
