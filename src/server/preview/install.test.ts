import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { installArgs, pnpmPathsOf } from './install.ts';

describe('the registry installs use (KILN_NPM_REGISTRY, decision 0056)', () => {
  it("defaults to npm's, which pnpm uses without being told", () => {
    const registry = parseConfig({}).preview.npmRegistry;
    expect(registry).toBe('https://registry.npmjs.org/');
    const paths = pnpmPathsOf('/data', registry);
    expect(paths).toEqual({ storeDir: '/data/pnpm-store', cacheDir: '/data/pnpm-cache' });
    expect(installArgs(paths, 'offline').some((arg) => arg.includes('registry'))).toBe(false);
  });

  it('another registry is passed to every install', () => {
    const registry = parseConfig({ KILN_NPM_REGISTRY: 'http://127.0.0.1:4873/' }).preview.npmRegistry;
    const paths = pnpmPathsOf('/data', registry);
    expect(installArgs(paths, 'online')).toContain('--config.registry=http://127.0.0.1:4873/');
    expect(() => parseConfig({ KILN_NPM_REGISTRY: 'not a url' })).toThrow(/KILN_NPM_REGISTRY/);
  });
});
