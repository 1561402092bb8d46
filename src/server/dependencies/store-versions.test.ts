import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStoreVersions, storeIndexKeys } from './store-versions.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A store whose index holds these keys between binary noise, as SQLite pages do. */
function storeWith(keys: string[], options: { padding?: number } = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-store-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'v11'));
  const noise = Buffer.from([0x00, 0xd4, 0x72, 0x40, 0x95, 0xa4]);
  const parts: Buffer[] = [Buffer.alloc(options.padding ?? 0, 0x01)];
  for (const key of keys) parts.push(noise, Buffer.from(`sha512-AbC+/=\t${key}`, 'latin1'), noise);
  fs.writeFileSync(path.join(dir, 'v11', 'index.db'), Buffer.concat(parts));
  return dir;
}

describe("the versions in Kiln's pnpm store", () => {
  it('reads name@version keys, scoped names and prereleases included', () => {
    const text =
      '\x00sha512-x==\treact@19.2.5\x00\x01sha512-y\t@angular/router@21.2.26\xd4r\tvite@8.0.0-beta.3\x00notakey@1.0.0';
    expect(
      Object.fromEntries([...storeIndexKeys(text)].map(([name, versions]) => [name, [...versions]])),
    ).toEqual({
      react: ['19.2.5'],
      '@angular/router': ['21.2.26'],
      vite: ['8.0.0-beta.3'],
    });
  });

  it('a store on disk, read again when it changed; a missing store holds nothing', async () => {
    const dir = storeWith(['lucide-react@0.475.0', 'lucide-react@0.300.0', 'react@19.2.5']);
    const store = createStoreVersions(dir, { minIntervalMs: 0 });
    expect((await store.versionsOf('lucide-react')).sort()).toEqual(['0.300.0', '0.475.0']);
    expect(await store.versionsOf('axios')).toEqual([]);
    fs.appendFileSync(path.join(dir, 'v11', 'index.db-wal'), '\x00sha512-z\taxios@1.7.9\x00');
    expect(await store.versionsOf('axios')).toEqual(['1.7.9']);
    expect(await createStoreVersions(path.join(dir, 'none')).versionsOf('react')).toEqual([]);
  });

  it('a key across the boundary of two reads is read whole, once', async () => {
    // The scan reads 4 MiB at a time: put keys on both sides of the first boundary.
    const dir = storeWith(['left-pad@1.3.0', 'pinia@3.0.10', 'axios@1.7.9'], {
      padding: 4 * 1024 * 1024 - 40,
    });
    const store = createStoreVersions(dir);
    expect(await store.versionsOf('pinia')).toEqual(['3.0.10']);
    expect(await store.versionsOf('left-pad')).toEqual(['1.3.0']);
    expect(await store.versionsOf('axios')).toEqual(['1.7.9']);
  });
});
