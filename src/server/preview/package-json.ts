/**
 * The package.json Kiln installs from. Generated code is untrusted, so only what an install
 * and a build need is kept: fields that make pnpm read files outside the workspace, switch
 * versions of itself or of Node, or patch packages (`pnpm`, `packageManager`, `devEngines`,
 * `resolutions`...) are dropped, and every dependency must come from the npm registry.
 */
export interface PackageJson {
  name?: string;
  type?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

const KEPT_FIELDS = [
  'name',
  'version',
  'private',
  'type',
  'scripts',
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
  'browserslist',
  'imports',
];

const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
] as const;

/** A semver range, a dist-tag or an `npm:` alias of one: nothing that names a path, git or URL. */
const REGISTRY_SPEC =
  /^(?:npm:(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:@[\w.^~<>=|* -]+)?|[\w.^~<>=|* -]*)$/i;
const PACKAGE_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;

export type PackageJsonCheck =
  | { ok: true; packageJson: PackageJson; text: string }
  /** `log` reads like the installer's own message, so the core classifier picks the row. */
  | { ok: false; log: string };

export function sanitizePackageJson(source: string): PackageJsonCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    return {
      ok: false,
      log: `ERR_PNPM_JSON_PARSE Unexpected token in package.json: ${(error as Error).message}`,
    };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { ok: false, log: 'ERR_PNPM_JSON_PARSE package.json is not an object' };
  }
  const input = parsed as Record<string, unknown>;
  const out: PackageJson = {};
  for (const field of KEPT_FIELDS) if (field in input) out[field] = input[field];
  for (const field of DEPENDENCY_FIELDS) {
    const deps = input[field];
    if (deps === undefined) continue;
    if (deps === null || typeof deps !== 'object' || Array.isArray(deps)) {
      return { ok: false, log: `ERR_PNPM_BAD_MANIFEST "${field}" in package.json must be an object` };
    }
    for (const [name, spec] of Object.entries(deps as Record<string, unknown>)) {
      if (!PACKAGE_NAME.test(name) || typeof spec !== 'string' || !REGISTRY_SPEC.test(spec.trim())) {
        return {
          ok: false,
          log: `ERR_PNPM_FETCH_404 ${name}@${String(spec)} is not in the npm registry (only registry packages can be installed in a preview)`,
        };
      }
    }
  }
  const scripts = input.scripts;
  if (scripts !== undefined && (scripts === null || typeof scripts !== 'object' || Array.isArray(scripts))) {
    return { ok: false, log: 'ERR_PNPM_BAD_MANIFEST "scripts" in package.json must be an object' };
  }
  return { ok: true, packageJson: out, text: JSON.stringify(out, null, 2) + '\n' };
}
