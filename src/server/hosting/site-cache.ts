import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { BlobStore } from '../storage/blob-store.ts';
import { readAsset } from '../storage/assets.ts';
import { observeCacheLookup } from '../observability/metrics.ts';
import { readSiteManifest, type SiteManifest } from './site-manifest.ts';
import type { Encoding, SitePlan } from './site-plan.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const MAX_PLANS = 20_000;

/** Compressing tiny files costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|wasm|manifest\+json)|image\/svg\+xml)/;

export function isCompressible(type: string, size: number): boolean {
  return size >= MIN_COMPRESS_BYTES && COMPRESSIBLE.test(type);
}

/**
 * What serving a deployed site reads, kept in memory (KILN_DEPLOY_CACHE_MB): manifests (small,
 * immutable by id) and file bytes by content hash, each encoding once, least recently used
 * dropped first. A miss reads the blob store, so any machine serves any site.
 */
export class SiteCache {
  private readonly manifests = new Map<string, Promise<SiteManifest | null>>();
  private readonly bodies = new Map<string, Promise<Uint8Array | null>>();
  private readonly sizes = new Map<string, number>();
  /** Plans by site, path and Accept-Encoding; small objects, so a count bounds them. */
  private readonly plans = new Map<string, SitePlan | null>();
  private totalBytes = 0;

  constructor(
    private readonly blobs: BlobStore,
    private readonly capBytes: number,
  ) {}

  manifest(id: string): Promise<SiteManifest | null> {
    let found = this.manifests.get(id);
    if (!found) {
      found = readSiteManifest(this.blobs, id).catch(() => null);
      if (this.manifests.size > 10_000) this.manifests.clear();
      this.manifests.set(id, found);
      void found.then((manifest) => {
        if (!manifest) this.manifests.delete(id);
      });
    }
    return found;
  }

  plan(
    siteId: string,
    path: string,
    acceptEncoding: string | undefined,
    make: () => SitePlan | null,
  ): SitePlan | null {
    const key = `${siteId}\0${path}\0${acceptEncoding ?? ''}`;
    const found = this.plans.get(key);
    if (found !== undefined) return found;
    const plan = make();
    if (this.plans.size >= MAX_PLANS) this.plans.clear();
    this.plans.set(key, plan);
    return plan;
  }

  /** The file's bytes in `encoding` (identity when the others were not asked for or do not pay). */
  body(hash: string, encoding: Encoding): Promise<Uint8Array | null> {
    const key = `${encoding}:${hash}`;
    const found = this.bodies.get(key);
    observeCacheLookup('deployed-site', found !== undefined);
    if (found) {
      // Most recently used last.
      this.bodies.delete(key);
      this.bodies.set(key, found);
      return found;
    }
    const loading = this.load(hash, encoding);
    this.bodies.set(key, loading);
    void loading.then(
      (bytes) => (bytes ? this.account(key, bytes.byteLength) : this.bodies.delete(key)),
      () => this.bodies.delete(key),
    );
    return loading;
  }

  get sizeBytes(): number {
    return this.totalBytes;
  }

  private async load(hash: string, encoding: Encoding): Promise<Uint8Array | null> {
    if (encoding === 'identity') return readAsset(this.blobs, hash);
    const plain = await this.body(hash, 'identity');
    if (!plain) return null;
    return new Uint8Array(
      encoding === 'br'
        ? await brotli(plain, {
            params: {
              // Quality 9 is most of 11's gain at a fraction of its time; it runs once per file.
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.byteLength,
            },
          })
        : await gzip(plain, { level: 9 }),
    );
  }

  private account(key: string, bytes: number): void {
    if (!this.bodies.has(key) || this.sizes.has(key)) return;
    this.sizes.set(key, bytes);
    this.totalBytes += bytes;
    for (const oldest of this.bodies.keys()) {
      if (this.totalBytes <= this.capBytes) break;
      if (oldest === key) continue;
      const size = this.sizes.get(oldest);
      if (size === undefined) continue; // still loading
      this.bodies.delete(oldest);
      this.sizes.delete(oldest);
      this.totalBytes -= size;
    }
  }
}
