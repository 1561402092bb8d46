import { describe, expect, it } from 'vitest';
import {
  packageNameOf,
  packageNotFound,
  packagesNotFoundInInstall,
  undeclaredImports,
  withPackageNames,
} from './missing-packages.ts';

describe("'Package Not Found' names the package", () => {
  it('reads pnpm 404s and missing versions', () => {
    const log = [
      ' ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/left-pad-nope: Not Found - 404',
      ' ERR_PNPM_FETCH_404  GET https://registry.npmjs.org/@acme%2Fwidgets: Not Found - 404',
      'ERR_PNPM_FETCH_404 my-lib@github:me/my-lib is not in the npm registry (only registry packages can be installed in a preview)',
      ' ERR_PNPM_NO_MATCHING_VERSION  No matching version found for react@^99.0.0 while fetching it from https://registry.npmjs.org/',
    ].join('\n');
    expect(packagesNotFoundInInstall(log).sort()).toEqual([
      '@acme/widgets',
      'left-pad-nope',
      'my-lib',
      'react',
    ]);
    const pnpm12 = [
      'Error: ERR_PNPM_FETCH_404',
      '  ├─▶ Failed to resolve dependency tree: GET https://registry.npmjs.org/kiln-',
      '  │   surely-no-such-package: Not Found - 404',
      '  │   Failed to resolve kiln-surely-no-such-package@^1.0.0',
      '  help: kiln-surely-no-such-package is not in the npm registry, or you',
    ].join('\n');
    expect(packagesNotFoundInInstall(pnpm12)).toEqual(['kiln-surely-no-such-package']);
  });

  it('reads imports the bundler could not resolve, keeping only undeclared packages', () => {
    const log = [
      '[vite]: Rollup failed to resolve import "framer-motion" from "/w/src/App.tsx".',
      '✘ [ERROR] Could not resolve "@tanstack/react-query/devtools"',
      "Module not found: Error: Can't resolve './missing' in '/w/src'",
      "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'react' imported from /w/x.js",
    ].join('\n');
    expect(undeclaredImports(log, new Set(['react']))).toEqual(['framer-motion', '@tanstack/react-query']);
  });

  it('reduces a specifier to its package name', () => {
    expect(packageNameOf('lodash/debounce')).toBe('lodash');
    expect(packageNameOf('@scope/pkg/sub/path')).toBe('@scope/pkg');
    expect(packageNameOf('./local')).toBeNull();
    expect(packageNameOf('/abs')).toBeNull();
    expect(packageNameOf('node:fs')).toBeNull();
  });

  it("names the packages in 'Package Not Found' only", () => {
    expect(packageNotFound(['left-pad', '@a/b'])).toEqual({
      code: 'install-package-not-found',
      title: 'Package Not Found',
      message:
        'One or more packages could not be found. Please verify package names and versions. Not found: left-pad, @a/b.',
    });
    const other = { code: 'install-network', title: 'Network Error', message: 'm' };
    expect(withPackageNames(other, ['x'])).toBe(other);
    expect(packageNotFound([]).message).toBe(
      'One or more packages could not be found. Please verify package names and versions.',
    );
  });
});
