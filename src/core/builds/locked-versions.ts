/**
 * Lock files respected (issue 13, decision 0038): the versions a project's lock file
 * (package-lock.json, pnpm-lock.yaml, yarn.lock) resolved its direct dependencies to. Kiln
 * installs from package.json with pnpm and never hands a lock file to it (a lock file can name
 * any tarball URL); instead each direct dependency is pinned to its locked version when that is
 * a plain registry version inside the declared range, so a project builds with the majors
 * and minors its author built with.
 */
import semver from 'semver';
import { parse as parseYaml } from 'yaml';

export type LockedVersions = Map<string, string>;

export const LOCK_FILES = ['pnpm-lock.yaml', 'package-lock.json', 'yarn.lock'] as const;

type Dependencies = Record<string, string>;

/** Exact versions by package name, from the first lock file present; empty when none parses. */
export function lockedVersions(
  files: readonly { name: string; content: string }[],
  manifest: {
    dependencies?: Dependencies;
    devDependencies?: Dependencies;
    optionalDependencies?: Dependencies;
  },
): LockedVersions {
  const byName = new Map(files.map((file) => [file.name, file.content]));
  const direct = { ...manifest.optionalDependencies, ...manifest.devDependencies, ...manifest.dependencies };
  try {
    if (byName.has('pnpm-lock.yaml')) return fromPnpm(byName.get('pnpm-lock.yaml')!);
    if (byName.has('package-lock.json')) return fromNpm(byName.get('package-lock.json')!);
    if (byName.has('yarn.lock')) return fromYarn(byName.get('yarn.lock')!, direct);
  } catch {
    // A lock file that does not parse is ignored, as a fresh install would.
  }
  return new Map();
}

/** `18.2.0`, `18.2.0(react@18.2.0)` (v6+ peers) or `4.0.0_react@18.2.0` (v5) → `18.2.0`. */
function plainVersion(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const version = value.split(/[(_]/)[0]!.trim();
  return semver.valid(version) ? version : null;
}

function fromPnpm(text: string): LockedVersions {
  const lock = parseYaml(text) as Record<string, unknown> | null;
  const out: LockedVersions = new Map();
  const importer = (lock?.importers as Record<string, Record<string, unknown>> | undefined)?.['.'] ?? lock;
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const deps = importer?.[field] as Record<string, unknown> | undefined;
    for (const [name, entry] of Object.entries(deps ?? {})) {
      const version = plainVersion(
        typeof entry === 'object' && entry ? (entry as { version?: unknown }).version : entry,
      );
      if (version) out.set(name, version);
    }
  }
  return out;
}

function fromNpm(text: string): LockedVersions {
  const lock = JSON.parse(text) as {
    packages?: Record<string, { version?: unknown; link?: boolean }>;
    dependencies?: Record<string, { version?: unknown }>;
  };
  const out: LockedVersions = new Map();
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    // Top-level node_modules entries only: the versions of direct dependencies.
    const match = /^node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(key);
    const version = match && !entry.link ? plainVersion(entry.version) : null;
    if (match && version) out.set(match[1]!, version);
  }
  if (out.size === 0) {
    for (const [name, entry] of Object.entries(lock.dependencies ?? {})) {
      const version = plainVersion(entry.version);
      if (version) out.set(name, version);
    }
  }
  return out;
}

/** yarn v1 (`react@^18.2.0:` + `version "18.2.0"`) and yarn berry (YAML, `react@npm:^18.2.0`). */
function fromYarn(text: string, direct: Dependencies): LockedVersions {
  const entries = new Map<string, string>();
  if (/^__metadata:/m.test(text)) {
    const lock = parseYaml(text) as Record<string, { version?: unknown }>;
    for (const [keys, entry] of Object.entries(lock)) {
      const version = plainVersion(entry?.version);
      if (!version) continue;
      for (const key of keys.split(',')) entries.set(key.trim().replace('@npm:', '@'), version);
    }
  } else {
    let keys: string[] = [];
    for (const line of text.split(/\r?\n/)) {
      if (/^\S.*:$/.test(line) && !line.startsWith('#')) {
        keys = line
          .slice(0, -1)
          .split(',')
          .map((key) => key.trim().replace(/^"|"$/g, ''));
        continue;
      }
      const version = /^\s+version:?\s+"?([^"\s]+)"?$/.exec(line);
      if (version && keys.length > 0) for (const key of keys) entries.set(key, version[1]!);
    }
  }
  const out: LockedVersions = new Map();
  for (const [name, range] of Object.entries(direct)) {
    const version = plainVersion(entries.get(`${name}@${range}`));
    if (version) out.set(name, version);
  }
  return out;
}

/**
 * The install manifest with each direct dependency pinned to its locked version, when the lock
 * names a registry version that the declared range accepts (a stale lock entry is ignored).
 */
export function pinLockedVersions<T extends Record<string, unknown>>(manifest: T, locked: LockedVersions): T {
  if (locked.size === 0) return manifest;
  const out: Record<string, unknown> = { ...manifest };
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
    const deps = manifest[field] as Dependencies | undefined;
    if (!deps) continue;
    out[field] = Object.fromEntries(
      Object.entries(deps).map(([name, range]) => {
        const version = locked.get(name);
        if (!version || range.startsWith('npm:')) return [name, range];
        const accepts =
          semver.validRange(range) === null || semver.satisfies(version, range, { includePrerelease: true });
        return [name, accepts ? version : range];
      }),
    );
  }
  return out as T;
}
