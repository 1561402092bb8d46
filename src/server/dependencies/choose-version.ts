/**
 * Which version of a package Kiln adds to a project (issue 33 item 1, decision 0056), by rule:
 * - a package of the framework's family follows the framework: `@angular/router` gets the
 *   project's `@angular/core` range, `react-dom` its `react` range, `@types/react` its major;
 * - else the newest version already in Kiln's pnpm store (an offline install, no download)
 *   whose peer dependencies the project's declared versions satisfy;
 * - else the registry's newest version (never past its `latest` tag, no prerelease, not
 *   deprecated when another fits) whose peer dependencies the project satisfies; when none
 *   does, the newest (pnpm installs it with a peer warning);
 * - a version the answer's prose gave (`npm install axios@1.7`) narrows every step; when
 *   nothing matches it, it is written as given.
 * A package the registry does not know is not added (the build then names it, 'Package Not
 * Found'). Pure: the store's versions and the registry's metadata are passed in.
 */
import semver from 'semver';

export interface VersionInfo {
  peerDependencies?: Readonly<Record<string, string>>;
  deprecated?: boolean;
}

/** What Kiln keeps of a registry's package document. */
export interface PackageVersions {
  name: string;
  /** The `latest` dist-tag. */
  latest: string | undefined;
  versions: ReadonlyMap<string, VersionInfo>;
}

export interface VersionChoice {
  /** What package.json gets: an exact version, or the framework's range for its family. */
  version: string;
  source: 'family' | 'store' | 'registry' | 'prose';
}

export interface ChooseInput {
  name: string;
  /** A version or range the answer's prose gave. */
  range?: string;
  /** The project's declared packages with their ranges (package.json after completion). */
  declared: ReadonlyMap<string, string>;
  /** Versions of the package in Kiln's pnpm store. */
  storeVersions: readonly string[];
  /** The registry's versions; null when the registry could not be asked. */
  registry: PackageVersions | null;
}

const ANGULAR_FAMILY = new Set(
  [
    'animations',
    'build',
    'cdk',
    'cli',
    'common',
    'compiler',
    'compiler-cli',
    'core',
    'elements',
    'forms',
    'language-service',
    'localize',
    'material',
    'platform-browser',
    'platform-browser-dynamic',
    'platform-server',
    'router',
    'service-worker',
    'ssr',
    'upgrade',
  ].map((name) => `@angular/${name}`),
);
const VUE_FAMILY = new Set(
  [
    'compiler-dom',
    'compiler-sfc',
    'compiler-ssr',
    'reactivity',
    'runtime-core',
    'runtime-dom',
    'server-renderer',
    'shared',
  ].map((name) => `@vue/${name}`),
);

/** React Router's and Remix's packages are released in lockstep with the router (issue 37). */
const REACT_ROUTER_FAMILY = new Set(
  ['architect', 'cloudflare', 'dev', 'express', 'fs-routes', 'node', 'serve'].map(
    (name) => `@react-router/${name}`,
  ),
);
const REMIX_FAMILY = new Set(
  ['cloudflare', 'css-bundle', 'deno', 'dev', 'express', 'node', 'serve', 'server-runtime'].map(
    (name) => `@remix-run/${name}`,
  ),
);

/** The framework package whose version a family member follows, and whether only its major. */
function familyOf(name: string): { core: string; majorOnly: boolean } | null {
  if (ANGULAR_FAMILY.has(name)) return { core: '@angular/core', majorOnly: false };
  if (VUE_FAMILY.has(name)) return { core: 'vue', majorOnly: false };
  if (name === 'react-dom' || name === 'react-is') return { core: 'react', majorOnly: false };
  if (name === 'react') return { core: 'react-dom', majorOnly: false };
  if (name === '@types/react' || name === '@types/react-dom') return { core: 'react', majorOnly: true };
  if (REACT_ROUTER_FAMILY.has(name)) return { core: 'react-router', majorOnly: false };
  if (REMIX_FAMILY.has(name)) return { core: '@remix-run/react', majorOnly: false };
  return null;
}

/** The range a family member gets from the project's framework, or null when it is no member. */
export function familyRange(name: string, declared: ReadonlyMap<string, string>): string | null {
  const family = familyOf(name);
  const range = family ? declared.get(family.core) : undefined;
  if (!family || range === undefined || semver.validRange(range) === null) return null;
  if (!family.majorOnly) return range;
  const lowest = semver.minVersion(range);
  return lowest ? `^${lowest.major}.0.0` : null;
}

export function chooseVersion(input: ChooseInput): VersionChoice | null {
  const family = familyRange(input.name, input.declared);
  if (family !== null) return { version: family, source: 'family' };
  const fitsRange = (version: string) => input.range === undefined || semver.satisfies(version, input.range);
  const peersFit = (version: string) => fitsPeers(input.registry?.versions.get(version), input.declared);

  const stored = newestFirst(
    input.storeVersions.filter((version) => !semver.prerelease(version) && fitsRange(version)),
  );
  // Without the registry's metadata a stored version is taken as it is (it installed before).
  const fromStore = input.registry
    ? stored.find((version) => input.registry!.versions.has(version) && peersFit(version))
    : stored[0];
  if (fromStore !== undefined) return { version: fromStore, source: 'store' };

  if (input.registry) {
    const latest = input.registry.latest;
    const candidates = newestFirst(
      [...input.registry.versions.keys()].filter(
        (version) =>
          (version === latest || !semver.prerelease(version)) &&
          (latest === undefined || !semver.valid(latest) || semver.lte(version, latest)) &&
          fitsRange(version),
      ),
    );
    const live = (version: string) => !input.registry!.versions.get(version)?.deprecated;
    const chosen =
      candidates.find((version) => live(version) && peersFit(version)) ??
      candidates.find(peersFit) ??
      candidates.find(live) ??
      candidates[0];
    if (chosen !== undefined) return { version: chosen, source: 'registry' };
  }
  return input.range !== undefined ? { version: input.range, source: 'prose' } : null;
}

/** Whether the project's declared versions satisfy the version's peer dependencies (undeclared peers are pnpm's to add). */
function fitsPeers(info: VersionInfo | undefined, declared: ReadonlyMap<string, string>): boolean {
  for (const [peer, wanted] of Object.entries(info?.peerDependencies ?? {})) {
    const have = declared.get(peer);
    if (have === undefined || semver.validRange(have) === null || semver.validRange(wanted) === null)
      continue;
    if (!semver.intersects(have, wanted, { includePrerelease: true })) return false;
  }
  return true;
}

function newestFirst(versions: readonly string[]): string[] {
  return [...new Set(versions.filter((version) => semver.valid(version) !== null))].sort(semver.rcompare);
}
