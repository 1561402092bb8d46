/**
 * Whether the icon names Kiln knows (one version of each package) hold for the version a project
 * will install. A project that declares an icon package in another major (`"lucide-react":
 * "^0.263.1"`, which models often write) or pins another version exactly may have other icons:
 * its imports are left alone. An undeclared package is added by Kiln at a version it chooses.
 */

const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/** The range package.json declares for a package: undefined when it does not, null when unreadable. */
export function declaredRange(packageJson: string, name: string): string | undefined | null {
  let manifest: unknown;
  try {
    manifest = JSON.parse(packageJson);
  } catch {
    return null;
  }
  if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) return null;
  for (const section of SECTIONS) {
    const entries = (manifest as Record<string, unknown>)[section];
    if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) continue;
    const range = (entries as Record<string, unknown>)[name];
    if (range !== undefined) return typeof range === 'string' ? range : null;
  }
  return undefined;
}

/**
 * True when a declared range installs the same names as `version`: any range of its major
 * (`^1.2.0`, `~1.5`, `1.x`, `>=1.0.0 <2`), `*`, `latest`, or that exact version. Tags, URLs,
 * aliases and other majors do not.
 */
export function rangeFits(range: string, version: string): boolean {
  const trimmed = range.trim();
  if (trimmed === '' || trimmed === '*' || trimmed === 'x' || trimmed === 'latest') return true;
  if (/^[a-z]+:|^[\w.-]+\/|\s-\s|\|\|/i.test(trimmed)) return false;
  const exact = /^=?v?(\d+\.\d+\.\d+(?:-[\w.]+)?)$/.exec(trimmed);
  if (exact) return exact[1] === version;
  const major = /(\d+)/.exec(trimmed)?.[1];
  return major !== undefined && major === version.split('.')[0];
}
