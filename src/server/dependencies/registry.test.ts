import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRegistry, type FakeRegistry } from '../../../tests/support/fake-npm-registry/server.ts';
import { createRegistryClient, proxyFor } from './registry.ts';

describe("the registry's versions of a package", () => {
  let registry: FakeRegistry;
  beforeAll(async () => {
    registry = await startFakeRegistry(
      {
        '@scope/widgets': { versions: { '1.0.0': {}, '1.1.0': { peerDependencies: { react: '>=18' } } } },
        'old-pkg': { versions: { '2.0.0': { deprecated: 'use new-pkg' } } },
      },
      { hang: ['slow-pkg'], failing: ['flaky-pkg'] },
    );
  });
  afterAll(() => registry.close());

  it('reads versions, peers, deprecation and latest (a scoped name too)', async () => {
    const client = createRegistryClient({ url: registry.url });
    const answer = await client.lookup('@scope/widgets');
    expect(answer).toEqual({
      kind: 'found',
      versions: {
        name: '@scope/widgets',
        latest: '1.1.0',
        versions: new Map([
          ['1.0.0', {}],
          ['1.1.0', { peerDependencies: { react: '>=18' } }],
        ]),
      },
    });
    const old = await client.lookup('old-pkg');
    expect(old.kind === 'found' && old.versions.versions.get('2.0.0')).toEqual({ deprecated: true });
  });

  it('a 404 is absent, and remembered; a failure or a timeout is unreachable, and asked again', async () => {
    const client = createRegistryClient({ url: registry.url.replace(/\/$/, ''), timeoutMs: 300 });
    const before = registry.requests.length;
    expect(await client.lookup('no-such-pkg')).toEqual({ kind: 'absent' });
    expect(await client.lookup('no-such-pkg')).toEqual({ kind: 'absent' });
    expect((await client.lookup('flaky-pkg')).kind).toBe('unreachable');
    expect((await client.lookup('flaky-pkg')).kind).toBe('unreachable');
    expect((await client.lookup('slow-pkg')).kind).toBe('unreachable');
    expect(registry.requests.slice(before)).toEqual(['no-such-pkg', 'flaky-pkg', 'flaky-pkg', 'slow-pkg']);
  });

  it('answers are kept for a while, then asked again', async () => {
    let now = 0;
    const client = createRegistryClient({ url: registry.url, ttlMs: 1000, now: () => now });
    const before = registry.requests.length;
    await Promise.all([client.lookup('@scope/widgets'), client.lookup('@scope/widgets')]);
    now = 999;
    await client.lookup('@scope/widgets');
    now = 1000;
    await client.lookup('@scope/widgets');
    expect(registry.requests.length - before).toBe(2);
  });

  it('goes through the proxy pnpm would use', () => {
    const npm = new URL('https://registry.npmjs.org/');
    expect(proxyFor(npm, {})).toBeUndefined();
    expect(proxyFor(npm, { https_proxy: 'http://proxy:3128' })).toBe('http://proxy:3128');
    expect(proxyFor(npm, { HTTP_PROXY: 'http://proxy:80' })).toBe('http://proxy:80');
    expect(proxyFor(npm, { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'localhost,.npmjs.org' })).toBeUndefined();
    expect(proxyFor(new URL('http://127.0.0.1:4873/'), { HTTPS_PROXY: 'http://p:1' })).toBeUndefined();
    expect(
      proxyFor(new URL('http://10.0.0.5:4873/'), { HTTP_PROXY: 'http://p:1', no_proxy: '*' }),
    ).toBeUndefined();
  });
});
