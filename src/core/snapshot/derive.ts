/**
 * A version's full snapshot = the previous snapshot + the file actions the model generated
 * (docs/architecture.md "The version model"; spec §4 "Generation continuation", "File lock").
 */
import {
  DEFAULT_ARTIFACT_TITLE,
  type ParsedFile,
  type Snapshot,
  type SnapshotFile,
} from '../artifact/index.ts';
import { mergeContinuation } from './merge-continuation.ts';

export type GeneratedFile = Pick<ParsedFile, 'name' | 'content' | 'isDelete' | 'isContinue' | 'binary'>;

export interface GeneratedArtifact {
  /** The parsed answer's title: null (no artifact) or 'Untitled' keep the previous title. */
  title: string | null;
  files: readonly GeneratedFile[];
}

/**
 * Applies the generated files in order: a plain file replaces (or adds) content, 'delete'
 * removes, 'continue' appends with the overlap merge. Locked files stay exactly as they were
 * whatever the model wrote, and every file keeps its lock; lock attributes written by the model
 * are ignored (locking is the owner's decision). Replaced files keep their place; new ones are
 * appended. An incomplete (cut-off) file is applied as far as it got: continuing fixes it.
 * A binary file (decision 0039) replaces like a plain file and is never continued; its source
 * is kept as given (the server turns attachments and base64 into blob references first).
 */
export function deriveSnapshot(previous: Snapshot | null, generated: GeneratedArtifact): Snapshot {
  const files: (SnapshotFile | null)[] = previous === null ? [] : previous.files.map((file) => ({ ...file }));
  const indexByName = new Map<string, number>();
  files.forEach((file, index) => {
    if (file !== null) indexByName.set(file.name, index);
  });

  for (const change of generated.files) {
    const index = indexByName.get(change.name);
    const current = index === undefined ? null : (files[index] ?? null);
    if (current?.isLocked) continue;
    if (change.isDelete) {
      if (index !== undefined) {
        files[index] = null;
        indexByName.delete(change.name);
      }
      continue;
    }
    // Bytes cannot be continued: a continuation of a binary file is dropped.
    if (change.isContinue && current?.binary !== undefined) continue;
    const binary = change.binary;
    const content =
      binary !== undefined
        ? binary.kind === 'base64'
          ? change.content
          : ''
        : change.isContinue && current !== null
          ? mergeContinuation(current.content, change.content)
          : change.content;
    const file: SnapshotFile = { name: change.name, content, isLocked: current?.isLocked ?? false };
    if (binary !== undefined) file.binary = binary;
    if (current !== null && index !== undefined) {
      files[index] = file;
    } else {
      indexByName.set(change.name, files.length);
      files.push(file);
    }
  }

  const hasNewTitle = generated.title !== null && generated.title !== DEFAULT_ARTIFACT_TITLE;
  const title = hasNewTitle ? (generated.title as string) : (previous?.title ?? DEFAULT_ARTIFACT_TITLE);
  return { title, files: files.filter((file): file is SnapshotFile => file !== null) };
}

/** The locked files the model tried to change, delete or continue (left untouched). */
export function lockedFilesTouched(previous: Snapshot | null, generated: GeneratedArtifact): string[] {
  if (previous === null) return [];
  const locked = new Set(previous.files.filter((file) => file.isLocked).map((file) => file.name));
  return [...new Set(generated.files.filter((file) => locked.has(file.name)).map((file) => file.name))];
}
