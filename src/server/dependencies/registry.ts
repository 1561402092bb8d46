/**
 * The npm registry's versions of a package (issue 33 item 1), as the installer's pnpm would see
 * them: the same registry (`KILN_NPM_REGISTRY`), through the same proxy variables. Answers are
 * kept in memory for a while (a 404 too); a request that fails or takes longer than the timeout
 * counts as 'unreachable' and is asked again next time.
 */
import { ProxyAgent, fetch as undiciFetch } from 'undici';
import { TtlCache } from '../lib/ttl-cache.ts';
import type { PackageVersions, VersionInfo } from './choose-version.ts';

export type RegistryAnswer =
  { kind: 'found'; versions: PackageVersions } | { kind: 'absent' } | { kind: 'unreachable'; reason: string };

export interface RegistryClient {
  lookup(name: string): Promise<RegistryAnswer>;
}

export const DEFAULT_NPM_REGISTRY = 'https://registry.npmjs.org/';

type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<{
  status: number;
  json(): Promise<unknown>;
}>;

export function createRegistryClient(options: {
  url: string;
  /** Longest wait for one package's document (default 5 s). */
  timeoutMs?: number;
  /** How long an answer is kept (default 10 minutes). */
  ttlMs?: number;
  fetch?: FetchLike;
  now?: () => number;
}): RegistryClient {
  const base = options.url.endsWith('/') ? options.url : `${options.url}/`;
  const timeoutMs = options.timeoutMs ?? 5000;
  const now = options.now ?? Date.now;
  const cache = new TtlCache<string, Promise<RegistryAnswer>>(options.ttlMs ?? 10 * 60_000, 2000);
  const proxy = proxyFor(new URL(base), process.env);
  const agent = proxy ? new ProxyAgent(proxy) : undefined;
  const fetchDocument: FetchLike =
    options.fetch ?? ((url, init) => undiciFetch(url, { ...init, ...(agent ? { dispatcher: agent } : {}) }));

  async function ask(name: string): Promise<RegistryAnswer> {
    const url = `${base}${encodeURIComponent(name).replace(/^%40/, '@')}`;
    try {
      const response = await fetchDocument(url, {
        // The abbreviated document (versions with their peers) where the registry has it.
        headers: { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 404) return { kind: 'absent' };
      if (response.status !== 200) return { kind: 'unreachable', reason: `HTTP ${response.status}` };
      return { kind: 'found', versions: packageVersions(name, await response.json()) };
    } catch (error) {
      return { kind: 'unreachable', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    lookup(name) {
      const cached = cache.get(name, now());
      if (cached) return cached;
      const answer = ask(name);
      cache.set(name, answer, now());
      void answer.then((result) => {
        if (result.kind === 'unreachable') cache.delete(name);
      });
      return answer;
    },
  };
}

/**
 * The proxy pnpm would use for the registry: `HTTPS_PROXY` / `HTTP_PROXY` (either case) by the
 * registry's scheme, unless `NO_PROXY` names its host (or a domain above it, or `*`).
 */
export function proxyFor(registry: URL, env: Record<string, string | undefined>): string | undefined {
  const read = (name: string) => env[name] || env[name.toLowerCase()] || undefined;
  const proxy =
    registry.protocol === 'https:' ? (read('HTTPS_PROXY') ?? read('HTTP_PROXY')) : read('HTTP_PROXY');
  if (!proxy) return undefined;
  const host = registry.hostname.toLowerCase();
  const excluded = (read('NO_PROXY') ?? '')
    .split(',')
    .map((entry) =>
      entry
        .trim()
        .toLowerCase()
        .replace(/:\d+$/, '')
        .replace(/^\*?\./, ''),
    )
    .filter(Boolean);
  const bypass = excluded.some((entry) => entry === '*' || host === entry || host.endsWith(`.${entry}`));
  return bypass ? undefined : proxy;
}

/** The parts of a registry document the version rule reads (documents can be megabytes). */
export function packageVersions(name: string, document: unknown): PackageVersions {
  const record = (document ?? {}) as {
    'dist-tags'?: { latest?: unknown };
    versions?: Record<string, unknown>;
  };
  const versions = new Map<string, VersionInfo>();
  for (const [version, manifest] of Object.entries(record.versions ?? {})) {
    const fields = (manifest ?? {}) as { peerDependencies?: unknown; deprecated?: unknown };
    const peers = fields.peerDependencies;
    versions.set(version, {
      ...(peers !== null && typeof peers === 'object' ? { peerDependencies: stringValues(peers) } : {}),
      ...(typeof fields.deprecated === 'string' && fields.deprecated !== '' ? { deprecated: true } : {}),
    });
  }
  const latest = record['dist-tags']?.latest;
  return { name, latest: typeof latest === 'string' ? latest : undefined, versions };
}

function stringValues(object: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(object)) if (typeof value === 'string') out[key] = value;
  return out;
}
