/**
 * A version's full snapshot, stored as artifact markup in `messages.artifact_code`
 * (docs/architecture.md "The version model"). parseSnapshot(serializeSnapshot(x)) equals x.
 */
import { blobAttribute, type BinarySource } from './binary-files.ts';
import { ARTIFACT_TAG, DEFAULT_ARTIFACT_TITLE, FILE_TAG, escapeAttribute } from './markup.ts';
import { parseArtifactText } from './parser.ts';

export interface SnapshotFile {
  name: string;
  /** Text content; '' for a binary file (its base64 text while a model is still writing it). */
  content: string;
  isLocked: boolean;
  /**
   * A binary file's bytes. Stored snapshots hold only blob references; the other sources exist
   * while an answer streams and are turned into references when the version finishes.
   */
  binary?: BinarySource;
}

export interface Snapshot {
  title: string;
  files: SnapshotFile[];
}

export const EMPTY_SNAPSHOT: Snapshot = Object.freeze({
  title: DEFAULT_ARTIFACT_TITLE,
  files: [],
}) as Snapshot;

/**
 * Writes the snapshot as one artifact. Content is written raw between a newline after the open
 * tag and a newline before the close tag (the parser drops exactly those two), so any content
 * survives except text that is itself Kiln markup (`</kilnFile>`, `<kilnFile`, `</kilnArtifact>`
 * or a finish marker) — see `isSerializableContent`. A binary file is a self-closing element
 * naming its blob (`blob="sha256:…" size="…"`) or attachment; a base64 one carries its text.
 */
export function serializeSnapshot(snapshot: Snapshot): string {
  const parts: string[] = [`<${ARTIFACT_TAG} title="${escapeAttribute(snapshot.title)}">\n`];
  for (const file of snapshot.files) {
    const locked = file.isLocked ? ' locked="true"' : '';
    const name = `<${FILE_TAG} name="${escapeAttribute(file.name)}"`;
    const binary = file.binary;
    if (binary?.kind === 'blob') {
      parts.push(`${name} blob="${blobAttribute(binary.hash)}" size="${binary.size}"${locked} />\n`);
    } else if (binary?.kind === 'attachment') {
      parts.push(`${name} attachment="${escapeAttribute(binary.attachment)}"${locked} />\n`);
    } else {
      const encoding = binary?.kind === 'base64' ? ' encoding="base64"' : '';
      parts.push(`${name}${encoding}${locked}>\n`, file.content, `\n</${FILE_TAG}>\n`);
    }
  }
  parts.push(`</${ARTIFACT_TAG}>`);
  return parts.join('');
}

/** Reads a stored snapshot. Empty or missing markup is an empty 'Untitled' snapshot. */
export function parseSnapshot(artifactCode: string | null | undefined): Snapshot {
  if (artifactCode == null || artifactCode === '') return { title: DEFAULT_ARTIFACT_TITLE, files: [] };
  const parsed = parseArtifactText(artifactCode, { mode: 'snapshot' });
  const files: SnapshotFile[] = [];
  const indexByName = new Map<string, number>();
  for (const file of parsed.files) {
    if (file.isDelete) continue;
    const entry: SnapshotFile = { name: file.name, content: file.content, isLocked: file.isLocked };
    if (file.binary !== undefined) {
      entry.binary = file.binary;
      if (file.binary.kind !== 'base64') entry.content = '';
    }
    const index = indexByName.get(file.name);
    if (index === undefined) {
      indexByName.set(file.name, files.length);
      files.push(entry);
    } else {
      files[index] = entry;
    }
  }
  return { title: parsed.title ?? DEFAULT_ARTIFACT_TITLE, files };
}

const RESERVED = /<\/?kilnfile[\s/>]|<\/kilnartifact\s*>|<!--\s*finish_reason/i;

/** False when the content holds Kiln markup and so cannot be stored verbatim in a snapshot. */
export function isSerializableContent(content: string): boolean {
  return !RESERVED.test(content);
}
