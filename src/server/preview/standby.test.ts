import { describe, expect, it } from 'vitest';
import type { Framework } from '../../core/frameworks/index.ts';
import { StandbyPool } from './standby.ts';

/**
 * Which frameworks a pool prepares a standby for (decision 0052). Its templates here are not valid
 * package.json files, so preparing stops after reading the template: what the test sees is which
 * templates were asked for, without installing or starting anything.
 */
function pool() {
  const asked: Framework[] = [];
  const standbys = new StandbyPool({
    workspacesDir: '/nonexistent',
    pnpm: { storeDir: '/nonexistent/store', cacheDir: '/nonexistent/cache' },
    sandbox: { kind: 'none' } as never,
    limits: { timeoutMs: 1000, memoryMb: 256, diskMb: 64, maxProcesses: 8, maxOutputBytes: 1024 },
    templateFiles: async (framework) => {
      asked.push(framework);
      return [{ name: 'package.json', content: 'not json' }];
    },
    log: () => undefined,
  });
  return { standbys, asked };
}

describe('standby builds start on demand', () => {
  it('a fresh server prepares none: filling at start asks for no template', async () => {
    const { standbys, asked } = pool();
    await standbys.fill();
    expect(asked).toEqual([]);
  });

  it("a framework's first build asks for its standby, and filling again keeps only the frameworks in use", async () => {
    const { standbys, asked } = pool();
    await standbys.refill('vue');
    expect(asked).toEqual(['vue']);
    await standbys.fill();
    expect(asked).toEqual(['vue', 'vue']);
    // HTML has no standby.
    await standbys.refill('html');
    expect(asked).toEqual(['vue', 'vue']);
  });

  it('tests and benchmarks waiting for standbys get one for every framework', async () => {
    const { standbys, asked } = pool();
    await standbys.whenReady();
    expect([...asked].sort()).toEqual(['angular', 'react', 'svelte', 'vue']);
  });
});
