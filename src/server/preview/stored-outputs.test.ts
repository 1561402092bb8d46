import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../storage/local-blob-store.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { OutputCache } from './output-cache.ts';
import { createStoredOutputs, isSafeOutputPath, outputManifestKey } from './stored-outputs.ts';

const HASH = 'ab'.repeat(16);
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-stored-outputs-'));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

/** A machine of its own: a cache folder nobody else writes, on the shared store. */
function machine(name: string, blobs: BlobStore) {
  const cache = new OutputCache(path.join(temp, name, 'builds'), 64 * 1024 * 1024);
  return { cache, outputs: createStoredOutputs(blobs, cache) };
}

/** Counts reads, so a test sees how often the store is asked. */
function countingStore(inner: BlobStore) {
  const reads: string[] = [];
  const store: BlobStore = {
    put: (key, bytes, type) => inner.put(key, bytes, type),
    get: (key) => {
      reads.push(key);
      return inner.get(key);
    },
    delete: (key) => inner.delete(key),
  };
  return { store, reads };
}

function builtOutput(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<div id="root"></div><script src="/assets/app.js"></script>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("built on the worker")');
  fs.writeFileSync(path.join(dir, 'assets', 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
}

describe('preview outputs in the blob store', () => {
  it('a build published by one machine is served by another that never built it', async () => {
    const blobs = createLocalBlobStore(path.join(temp, 'bucket-1'));
    const worker = machine('worker', blobs);
    const web = machine('web', blobs);
    const built = path.join(temp, 'worker-build');
    builtOutput(built);

    expect(await web.outputs.exists(HASH)).toBe(false);
    expect(await web.outputs.locate(HASH)).toBeNull();
    await worker.outputs.publish(HASH, built);

    expect(await web.outputs.isStored(HASH)).toBe(true);
    const dir = await web.outputs.locate(HASH);
    expect(dir).toBe(web.cache.dirOf(HASH));
    expect(fs.readFileSync(path.join(dir!, 'index.html'), 'utf8')).toContain('/assets/app.js');
    expect(fs.readFileSync(path.join(dir!, 'assets', 'app.js'), 'utf8')).toContain('built on the worker');
    expect([...fs.readFileSync(path.join(dir!, 'assets', 'logo.png'))]).toEqual([
      0x89, 0x50, 0x4e, 0x47, 0, 1, 2,
    ]);
    // Now in the web machine's own cache: no second fetch.
    expect(web.cache.get(HASH)).toBe(dir);
  });

  it('fetches an output once when a page asks for many of its files at once', async () => {
    const { store, reads } = countingStore(createLocalBlobStore(path.join(temp, 'bucket-2')));
    const worker = machine('worker-2', store);
    const web = machine('web-2', store);
    const built = path.join(temp, 'worker-build-2');
    builtOutput(built);
    await worker.outputs.publish(HASH, built);
    reads.length = 0;

    const dirs = await Promise.all(Array.from({ length: 10 }, () => web.outputs.locate(HASH)));
    expect(new Set(dirs)).toEqual(new Set([web.cache.dirOf(HASH)]));
    expect(reads.filter((key) => key === outputManifestKey(HASH))).toHaveLength(1);
  });

  it('never writes outside the cache for a manifest naming another place', async () => {
    const blobs = createLocalBlobStore(path.join(temp, 'bucket-3'));
    const web = machine('web-3', blobs);
    const outside = path.join(temp, 'web-3', 'escaped.txt');
    const worker = machine('worker-3', blobs);
    const built = path.join(temp, 'worker-build-3');
    builtOutput(built);
    await worker.outputs.publish(HASH, built);
    const manifest = JSON.parse(Buffer.from((await blobs.get(outputManifestKey(HASH)))!.bytes).toString());
    manifest.files['../../escaped.txt'] = manifest.files['index.html'];
    await blobs.put(outputManifestKey(HASH), Buffer.from(JSON.stringify(manifest)), 'application/json');

    await expect(web.outputs.locate(HASH)).rejects.toThrow('invalid file');
    expect(fs.existsSync(outside)).toBe(false);
    expect(web.cache.get(HASH)).toBeNull();
    expect(fs.readdirSync(path.join(temp, 'web-3', 'builds'))).toEqual([]);
  });

  it('accepts only plain relative paths', () => {
    expect(isSafeOutputPath('index.html')).toBe(true);
    expect(isSafeOutputPath('assets/app.js')).toBe(true);
    for (const bad of ['', '/etc/passwd', '../x', 'a/../../x', 'a//b', './a', 'a\\..\\b', 'a\0b']) {
      expect(isSafeOutputPath(bad), bad).toBe(false);
    }
  });
});
