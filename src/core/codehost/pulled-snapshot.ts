import type { Snapshot, SnapshotFile } from '../artifact/index.ts';

export interface HeadFile {
  path: string;
  content: string;
}

export interface SkippedFile {
  path: string;
  reason: string;
}

/**
 * Whether the branch head holds exactly the project Kiln would push for the current version
 * (text files by path and content; binary files are not read from the code host): then a pull
 * answers 'No changes detected' instead of making a version.
 */
export function headMatchesProject(
  head: readonly HeadFile[],
  project: readonly { name: string; content: string; binary: boolean }[],
  isIgnored: (path: string) => boolean,
): boolean {
  const text = project.filter((file) => !file.binary && !isIgnored(file.name));
  if (text.length !== head.filter((file) => !isIgnored(file.path)).length) return false;
  const byPath = new Map(head.map((file) => [file.path, file.content]));
  return text.every((file) => byPath.get(file.name) === file.content);
}

/**
 * The snapshot a pull makes (issue 15 item 4): the head's text files; a file locked in the
 * current version stays locked (its flag, not its old content: the code host's content wins);
 * a binary file the head still has under the same path keeps the current version's stored bytes
 * (Kiln does not read binaries from the code host); every other skipped file is reported.
 */
export function pulledSnapshot(input: {
  title: string;
  head: readonly HeadFile[];
  skipped: readonly SkippedFile[];
  current: Snapshot | null;
}): { snapshot: Snapshot; skipped: SkippedFile[] } {
  const current = new Map((input.current?.files ?? []).map((file) => [file.name, file]));
  const files: SnapshotFile[] = input.head.map((file) => ({
    name: file.path,
    content: file.content,
    isLocked: current.get(file.path)?.isLocked ?? false,
  }));
  const skipped: SkippedFile[] = [];
  for (const file of input.skipped) {
    const kept = current.get(file.path);
    if (kept?.binary?.kind === 'blob') files.push(kept);
    else skipped.push(file);
  }
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { snapshot: { title: input.title, files }, skipped };
}
