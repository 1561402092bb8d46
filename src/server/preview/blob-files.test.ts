import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assetKey, storeAsset } from '../storage/assets.ts';
import { createLocalBlobStore } from '../storage/local-blob-store.ts';
import { MissingAssetError, withBlobBytes } from './blob-files.ts';
import { projectHash } from './content-hash.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('Binary files of a version: bytes read from the blob store by content hash (decision 0039)', () => {
  const store = createLocalBlobStore(fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-assets-')));

  it('stores the same bytes once, under their SHA-256, and gives each file its bytes', async () => {
    const first = await storeAsset(store, PNG, 'image/png');
    const second = await storeAsset(store, PNG, 'image/png');
    expect(second).toEqual(first);
    expect(first).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{64}$/), size: PNG.byteLength });
    const files = await withBlobBytes(
      [
        { name: 'src/App.tsx', content: 'app' },
        { name: 'public/a.png', content: '', blob: first },
        { name: 'src/b.png', content: '', blob: first },
      ],
      store,
    );
    expect(files.map((file) => [file.name, file.bytes ? [...file.bytes] : file.content])).toEqual([
      ['src/App.tsx', 'app'],
      ['public/a.png', [...PNG]],
      ['src/b.png', [...PNG]],
    ]);
  });

  it('names the file whose bytes are missing or altered', async () => {
    const ref = await storeAsset(store, Uint8Array.from([...PNG, 9]), 'image/png');
    await store.put(assetKey(ref.hash), Uint8Array.from([0]), 'image/png');
    await expect(withBlobBytes([{ name: 'public/gone.png', content: '', blob: ref }], store)).rejects.toThrow(
      new MissingAssetError('public/gone.png'),
    );
  });

  it('a project’s hash follows its blob references, and is the same with or without the bytes read', async () => {
    const ref = await storeAsset(store, PNG, 'image/png');
    const files = [{ name: 'public/a.png', content: '', blob: ref }];
    const other = [{ name: 'public/a.png', content: '', blob: { hash: 'ab'.repeat(32), size: ref.size } }];
    expect(projectHash('react', files)).not.toBe(projectHash('react', other));
    expect(projectHash('react', await withBlobBytes(files, store))).toBe(projectHash('react', files));
  });
});
