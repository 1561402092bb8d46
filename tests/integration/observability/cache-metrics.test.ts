import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SiteCache } from '../../../src/server/hosting/site-cache.ts';
import { registry } from '../../../src/server/observability/metrics.ts';
import { OutputCache } from '../../../src/server/preview/output-cache.ts';
import { createStoredOutputs } from '../../../src/server/preview/stored-outputs.ts';
import { storeAsset } from '../../../src/server/storage/assets.ts';
import { createLocalBlobStore } from '../../../src/server/storage/local-blob-store.ts';

/** kiln_cache_lookups_total{cache, result} as it stands. */
async function lookups(cache: string, result: 'hit' | 'miss'): Promise<number> {
  const metric = await registry.getSingleMetric('kiln_cache_lookups_total')?.get();
  return metric?.values.find((v) => v.labels.cache === cache && v.labels.result === result)?.value ?? 0;
}

/** The real caches count their hits and misses into the process's metrics (GET /metrics). */
describe('cache lookups in the metrics (issue 20 item 3)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-cache-metrics-'));
  const blobs = createLocalBlobStore(path.join(root, 'blobs'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("deployed sites' file cache: the first read is a miss (from the blob store), the next a hit", async () => {
    const { hash } = await storeAsset(blobs, new TextEncoder().encode('<h1>hello</h1>'), 'text/html');
    const cache = new SiteCache(blobs, 1024 * 1024);
    const [misses, hits] = [await lookups('deployed-site', 'miss'), await lookups('deployed-site', 'hit')];
    expect(await cache.body(hash, 'identity')).not.toBeNull();
    expect(await cache.body(hash, 'identity')).not.toBeNull();
    expect(await lookups('deployed-site', 'miss')).toBe(misses + 1);
    expect(await lookups('deployed-site', 'hit')).toBe(hits + 1);
  });

  it("preview outputs: one on this machine's disk is a hit, one that is not a miss", async () => {
    const cache = new OutputCache(path.join(root, 'builds'), 64 * 1024 * 1024);
    const built = 'a'.repeat(64);
    fs.mkdirSync(cache.dirOf(built));
    fs.writeFileSync(path.join(cache.dirOf(built), 'index.html'), '<p>built</p>');
    const outputs = createStoredOutputs(blobs, cache);
    const [misses, hits] = [await lookups('preview-output', 'miss'), await lookups('preview-output', 'hit')];
    expect(await outputs.locate(built)).toBe(cache.dirOf(built));
    expect(await outputs.locate('b'.repeat(64))).toBeNull();
    expect(await lookups('preview-output', 'hit')).toBe(hits + 1);
    expect(await lookups('preview-output', 'miss')).toBe(misses + 1);
  });
});
