/**
 * Spec §5 "Artifact completeness": a snapshot lacking package.json or any config/tsconfig file
 * is merged with the framework's blank template before preview. The template files are passed
 * in (core does no I/O); docs/decisions/0014-artifact-completeness.md.
 */
import { isBuildConfigFile, type Snapshot, type SnapshotFile } from '../artifact/index.ts';

export function needsBlankTemplate(files: readonly { name: string; content?: string }[]): boolean {
  const packageJson = files.find((file) => file.name === 'package.json');
  if (!packageJson) return true;
  if (files.some((file) => isBuildConfigFile(file.name))) return false;
  // A build script that names a file of the project (`node build.mjs`, `parcel build
  // src/index.html`) is the project's own build configuration: never mix a template into it.
  const named = buildScriptWords(packageJson.content);
  return !files.some((file) => named.has(file.name));
}

/** The words of package.json's `build` script, without quotes and a leading `./`. */
function buildScriptWords(source: string | undefined): Set<string> {
  let script: unknown;
  try {
    script = (JSON.parse(source ?? '') as { scripts?: { build?: unknown } } | null)?.scripts?.build;
  } catch {
    return new Set();
  }
  if (typeof script !== 'string') return new Set();
  return new Set(
    script
      .split(/[\s;&|()=]+/)
      .map((word) => word.replace(/^['"]|['"]$/g, '').replace(/^\.\//, ''))
      .filter(Boolean),
  );
}

/**
 * Template files first (in template order; the snapshot's own version wins for a shared name),
 * then the snapshot's other files in their order. A complete snapshot is returned unchanged.
 */
export function completeWithTemplate(
  snapshot: Snapshot,
  template: readonly Pick<SnapshotFile, 'name' | 'content'>[],
): Snapshot {
  if (!needsBlankTemplate(snapshot.files)) return snapshot;
  const own = new Map(snapshot.files.map((file) => [file.name, file]));
  const files: SnapshotFile[] = [];
  const placed = new Set<string>();
  for (const file of template) {
    if (placed.has(file.name)) continue;
    placed.add(file.name);
    files.push(own.get(file.name) ?? { name: file.name, content: file.content, isLocked: false });
  }
  for (const file of snapshot.files) {
    if (!placed.has(file.name)) files.push(file);
  }
  return { title: snapshot.title, files };
}
