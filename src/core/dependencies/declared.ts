/**
 * What a project declares in package.json (issue 33 item 1): `dependencies`, `devDependencies`,
 * `peerDependencies` and `optionalDependencies`, by name with their range. The project's own
 * name counts too (a package may import itself by name).
 */

export type DeclaredPackages = ReadonlyMap<string, string>;

const SECTIONS = ['optionalDependencies', 'peerDependencies', 'devDependencies', 'dependencies'] as const;

/** The declared packages, or null when package.json is not a JSON object (it is then left alone). */
export function declaredPackages(packageJson: string): DeclaredPackages | null {
  let manifest: unknown;
  try {
    manifest = JSON.parse(packageJson);
  } catch {
    return null;
  }
  if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) return null;
  const declared = new Map<string, string>();
  const record = manifest as Record<string, unknown>;
  if (typeof record.name === 'string' && record.name !== '') {
    declared.set(record.name, typeof record.version === 'string' ? record.version : '*');
  }
  // Later sections win: a package in both dependencies and devDependencies keeps its dependency range.
  for (const section of SECTIONS) {
    const entries = record[section];
    if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) continue;
    for (const [name, range] of Object.entries(entries as Record<string, unknown>)) {
      declared.set(name, typeof range === 'string' ? range : '*');
    }
  }
  return declared;
}
