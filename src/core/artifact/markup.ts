/**
 * Kiln's artifact markup (docs/artifact-format.md). Tag names are distinctive so that file
 * contents — HTML, Vue templates, JSX — never collide with them.
 */
export const ARTIFACT_TAG = 'kilnArtifact';
export const FILE_TAG = 'kilnFile';
export const THINKING_TAG = 'thinking';

/** Spec §3: an artifact element has a title attribute, default 'Untitled'. */
export const DEFAULT_ARTIFACT_TITLE = 'Untitled';

/** Spec §3: the reasons a truncated output can end with. */
export const FINISH_REASONS = ['length', 'error'] as const;
export type FinishReason = (typeof FINISH_REASONS)[number];

/** Spec §3: 'A truncated output ends with a marker comment'. */
export function finishReasonMarker(reason: FinishReason): string {
  return `<!-- FINISH_REASON: ${reason} -->`;
}

/** 'edit': SEARCH/REPLACE blocks against the current file (decision 0044). */
export const FILE_ACTIONS = ['delete', 'continue', 'edit'] as const;
export type FileAction = (typeof FILE_ACTIONS)[number];

/** Escapes a value for a double-quoted attribute; the parser decodes exactly these entities. */
export function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) =>
    c === '&' ? '&amp;' : c === '"' ? '&quot;' : c === '<' ? '&lt;' : '&gt;',
  );
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&quot;': '"',
  '&apos;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** Decodes the entities `escapeAttribute` writes (and `&apos;`/`&#39;`), in one pass. */
export function decodeAttribute(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(?:amp|quot|apos|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** A file path longer than this (UTF-8 bytes) is no file (Linux's PATH_MAX is 4096 with the workspace). */
export const MAX_FILE_PATH_BYTES = 1024;
/** One name in a path: every file system's limit (NAME_MAX). */
export const MAX_FILE_NAME_BYTES = 255;

/**
 * A control character (NUL included) or, with the `u` flag, a lone half of a surrogate pair:
 * no file system stores the one, UTF-8 (the database, a zip) not the other.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSTORABLE = /[\u0000-\u001f\u007f\uD800-\uDFFF]/u;
/** `C:`, `c:foo`: a Windows drive, where an unzipped project would write outside its folder. */
const DRIVE = /^[A-Za-z]:/;

/**
 * File names are paths relative to the project root: trimmed, `\` → `/`, no leading `./` or
 * `/`, no empty segments. Applied on parse, so snapshots never hold two spellings of one file.
 * A path that could leave the project once written or unzipped (a `..` segment, a drive letter)
 * or that no file system stores (a control character, a name over MAX_FILE_NAME_BYTES, a path
 * over MAX_FILE_PATH_BYTES) is '' — no file (issue 21 item 4).
 */
export function normalizeFilePath(name: string): string {
  const segments = name.trim().replace(/\\/g, '/').split('/');
  const kept: string[] = [];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' || isLongerThan(segment, MAX_FILE_NAME_BYTES)) return '';
    kept.push(segment);
  }
  const path = kept.join('/');
  if (UNSTORABLE.test(path) || DRIVE.test(path) || isLongerThan(path, MAX_FILE_PATH_BYTES)) return '';
  return path;
}

/** Whether `text` takes more than `bytes` in UTF-8 (a UTF-16 unit takes at most 3: most need no encoding). */
function isLongerThan(text: string, bytes: number): boolean {
  return text.length * 3 > bytes && new TextEncoder().encode(text).length > bytes;
}
