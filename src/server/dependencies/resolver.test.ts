/**
 * The version rule against a loopback registry (tests/support/fake-npm-registry) and a store
 * folder: the newest fitting version, peer dependencies honoured, the store first, a package the
 * registry does not know left out.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRegistry, type FakeRegistry } from '../../../tests/support/fake-npm-registry/server.ts';
import { createRegistryClient } from './registry.ts';
import { createDependencyResolver } from './resolver.ts';
import { createStoreVersions } from './store-versions.ts';

describe('versions for the packages a project is missing', () => {
  let registry: FakeRegistry;
  let storeDir: string;
  const logged: string[] = [];

  beforeAll(async () => {
    registry = await startFakeRegistry(
      {
        'lucide-react': {
          latest: '0.475.0',
          versions: {
            '0.300.0': { peerDependencies: { react: '^16.5.1 || ^17.0.0 || ^18.0.0' } },
            '0.475.0': { peerDependencies: { react: '^16.5.1 || ^17.0.0 || ^18.0.0 || ^19.0.0' } },
            '0.500.0-rc.1': { peerDependencies: { react: '^19.0.0' } },
          },
        },
        'react-router-dom': {
          versions: {
            '6.30.1': { peerDependencies: { react: '>=16.8' } },
            '7.9.4': { peerDependencies: { react: '>=18' } },
          },
        },
        axios: { versions: { '1.6.8': {}, '1.7.9': {} } },
        pinia: {
          versions: {
            '2.3.1': { peerDependencies: { vue: '^2.7.0 || ^3.2.0' } },
            '3.0.3': { peerDependencies: { vue: '^3.5.11' } },
          },
        },
      },
      { hang: ['offline-pkg'] },
    );
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-store-'));
    fs.mkdirSync(path.join(storeDir, 'v11'));
    fs.writeFileSync(
      path.join(storeDir, 'v11', 'index.db'),
      '\x00sha512-a\taxios@1.6.8\x00sha512-b\toffline-pkg@2.1.0\x00sha512-c\tlucide-react@0.300.0\x00',
      'latin1',
    );
  });
  afterAll(async () => {
    await registry.close();
    fs.rmSync(storeDir, { recursive: true, force: true });
  });

  function resolver() {
    return createDependencyResolver({
      registry: createRegistryClient({ url: registry.url, timeoutMs: 500 }),
      store: createStoreVersions(storeDir),
      log: (line) => logged.push(line),
    });
  }

  it('React 19: the newest fitting version (the stored lucide 0.300 does not fit React 19), the store’s axios, an unknown package left out', async () => {
    const declared = new Map([
      ['react', '^19.2.0'],
      ['react-dom', '^19.2.0'],
    ]);
    const added = await resolver().choose(
      [
        { name: 'lucide-react' },
        { name: 'react-router-dom' },
        { name: 'axios' },
        { name: 'kiln-no-such-package' },
      ],
      declared,
    );
    expect(added).toEqual([
      { name: 'lucide-react', version: '0.475.0' },
      { name: 'react-router-dom', version: '7.9.4' },
      { name: 'axios', version: '1.6.8' },
    ]);
  });

  it('React 17: peers pick the older line; the prose’s version is honoured', async () => {
    const declared = new Map([['react', '^17.0.2']]);
    const added = await resolver().choose(
      [{ name: 'lucide-react' }, { name: 'react-router-dom' }, { name: 'axios', range: '1.7.9' }],
      declared,
    );
    expect(added).toEqual([
      { name: 'lucide-react', version: '0.300.0' },
      { name: 'react-router-dom', version: '6.30.1' },
      { name: 'axios', version: '1.7.9' },
    ]);
  });

  it('Vue 3.4 gets pinia 2; Angular’s router follows @angular/core without asking the registry', async () => {
    const before = registry.requests.length;
    expect(await resolver().choose([{ name: 'pinia' }], new Map([['vue', '~3.4.0']]))).toEqual([
      { name: 'pinia', version: '2.3.1' },
    ]);
    expect(
      await resolver().choose(
        [{ name: '@angular/router' }, { name: '@angular/forms' }],
        new Map([['@angular/core', '^21.0.0']]),
      ),
    ).toEqual([
      { name: '@angular/router', version: '^21.0.0' },
      { name: '@angular/forms', version: '^21.0.0' },
    ]);
    expect(registry.requests.slice(before)).toEqual(['pinia']);
  });

  it('a registry that does not answer: the stored version, else nothing (and the log says why)', async () => {
    const added = await resolver().choose([{ name: 'offline-pkg' }], new Map());
    expect(added).toEqual([{ name: 'offline-pkg', version: '2.1.0' }]);
    expect(logged.some((line) => line.includes('offline-pkg'))).toBe(true);
  });
});
