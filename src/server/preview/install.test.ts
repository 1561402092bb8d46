import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import {
  INSTALL_MEMORY_FLOOR_MB,
  INSTALL_TIMEOUT_FLOOR_MS,
  installArgs,
  installLimits,
  pnpmPathsOf,
} from './install.ts';

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

describe("pnpm's limits", () => {
  const build = { timeoutMs: 20_000, memoryMb: 256, maxOutputBytes: 1024, maxProcesses: 64, diskMb: 64 };

  it("are not a small build's memory cap or time limit, which pnpm alone passes", () => {
    expect(installLimits(build)).toEqual({
      ...build,
      maxProcesses: undefined,
      memoryMb: INSTALL_MEMORY_FLOOR_MB,
      timeoutMs: INSTALL_TIMEOUT_FLOOR_MS,
    });
  });

  it('keep a larger cap an administrator set', () => {
    expect(installLimits({ ...build, memoryMb: 4096 }).memoryMb).toBe(4096);
    expect(installLimits({ ...build, timeoutMs: 900_000 }).timeoutMs).toBe(900_000);
  });
});
