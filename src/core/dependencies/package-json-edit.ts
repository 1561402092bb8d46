/**
 * package.json with packages added to its `dependencies` (issue 33 item 1): every other key, its
 * order and its indentation stay as they were; a sorted `dependencies` stays sorted, else the
 * new ones follow the existing ones. A declared package is never changed.
 */

export interface AddedPackage {
  name: string;
  /** What package.json gets: an exact version (`0.475.0`) or a range (`^21.0.0`). */
  version: string;
}

/** The new package.json text, or null when it is not a JSON object (Kiln does not rewrite it). */
export function withAddedDependencies(packageJson: string, added: readonly AddedPackage[]): string | null {
  let manifest: unknown;
  try {
    manifest = JSON.parse(packageJson);
  } catch {
    return null;
  }
  if (manifest === null || typeof manifest !== 'object' || Array.isArray(manifest)) return null;
  const record = manifest as Record<string, unknown>;
  const current = record.dependencies;
  const existing =
    current !== null && typeof current === 'object' && !Array.isArray(current)
      ? (current as Record<string, unknown>)
      : {};
  const names = Object.keys(existing);
  const wasSorted = names.every((name, index) => index === 0 || names[index - 1]! <= name);
  const entries: [string, unknown][] = Object.entries(existing);
  for (const { name, version } of added) if (!(name in existing)) entries.push([name, version]);
  if (wasSorted) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const dependencies = Object.fromEntries(entries);
  const result: Record<string, unknown> = {};
  if ('dependencies' in record) {
    for (const [key, value] of Object.entries(record))
      result[key] = key === 'dependencies' ? dependencies : value;
  } else {
    // Where npm puts it: before devDependencies, else last.
    for (const [key, value] of Object.entries(record)) {
      if (key === 'devDependencies') result.dependencies = dependencies;
      result[key] = value;
    }
    result.dependencies ??= dependencies;
  }
  const indent = /^([ \t]+)"/m.exec(packageJson)?.[1] ?? '  ';
  return JSON.stringify(result, null, indent) + (/\n\s*$/.test(packageJson) ? '\n' : '');
}
