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
import { applyEdits, type EditFailureReason } from './apply-edits.ts';
import { parseEditBlocks } from './edit-blocks.ts';
import { mergeContinuation } from './merge-continuation.ts';

export type GeneratedFile = Pick<ParsedFile, 'name' | 'content' | 'isDelete' | 'isContinue' | 'binary'> & {
  /** SEARCH/REPLACE blocks (decision 0044); absent counts as false. */
  isEdit?: boolean;
  /** A cut-off element: an edit applies its complete blocks only. */
  isIncomplete?: boolean;
};

/** An edit element that changed nothing: its file keeps the content it had before it. */
export interface EditFailure {
  name: string;
  /** 'missing': no such file (never written, or deleted); 'binary': bytes cannot be edited. */
  reason: EditFailureReason | 'missing' | 'binary';
  /** The 0-based block that did not apply; -1 when the file itself was the problem. */
  block: number;
}

export interface DerivedVersion {
  snapshot: Snapshot;
  /** Edits that did not apply, in answer order (the server names them and asks again). */
  failedEdits: EditFailure[];
}

export interface GeneratedArtifact {
  /** The parsed answer's title: null (no artifact) or 'Untitled' keep the previous title. */
  title: string | null;
  files: readonly GeneratedFile[];
}

/**
 * Applies the generated files in order: a plain file replaces (or adds) content, 'delete'
 * removes, 'continue' appends with the overlap merge, 'edit' applies SEARCH/REPLACE blocks. Locked files stay exactly as they were
 * whatever the model wrote, and every file keeps its lock; lock attributes written by the model
 * are ignored (locking is the owner's decision). Replaced files keep their place; new ones are
 * appended. An incomplete (cut-off) file is applied as far as it got: continuing fixes it.
 * A binary file (decision 0039) replaces like a plain file and is never continued; its source
 * is kept as given (the server turns attachments and base64 into blob references first).
 */
export function deriveSnapshot(previous: Snapshot | null, generated: GeneratedArtifact): Snapshot {
  return deriveVersion(previous, generated).snapshot;
}

/**
 * deriveSnapshot, plus the edits that did not apply. An edit element applies its blocks to the
 * file as it is at that point of the answer (decision 0044); when one block fails the file is
 * left as it was and the failure is reported, never guessed at. While an edit is still being
 * written (or was cut off) its complete blocks apply and the open one waits.
 */
export function deriveVersion(previous: Snapshot | null, generated: GeneratedArtifact): DerivedVersion {
  const failedEdits: EditFailure[] = [];
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
    if (change.isEdit === true) {
      if (current === null || index === undefined) {
        failedEdits.push({ name: change.name, reason: 'missing', block: -1 });
        continue;
      }
      if (current.binary !== undefined) {
        failedEdits.push({ name: change.name, reason: 'binary', block: -1 });
        continue;
      }
      const { blocks, hasOpenBlock } = parseEditBlocks(change.content);
      // Nothing complete yet in an element still being written: nothing to apply, nothing failed.
      if (blocks.length === 0 && (hasOpenBlock || change.isIncomplete === true)) continue;
      const edited = applyEdits(current.content, blocks);
      if (edited.ok) files[index] = { ...current, content: edited.content };
      else failedEdits.push({ name: change.name, reason: edited.reason, block: edited.block });
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
  return {
    snapshot: { title, files: files.filter((file): file is SnapshotFile => file !== null) },
    failedEdits,
  };
}

/** The locked files the model tried to change, edit, delete or continue (left untouched). */
export function lockedFilesTouched(previous: Snapshot | null, generated: GeneratedArtifact): string[] {
  if (previous === null) return [];
  const locked = new Set(previous.files.filter((file) => file.isLocked).map((file) => file.name));
  return [...new Set(generated.files.filter((file) => locked.has(file.name)).map((file) => file.name))];
}
