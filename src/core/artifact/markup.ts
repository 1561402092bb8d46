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

/**
 * File names are paths relative to the project root: trimmed, `\` → `/`, no leading `./` or
 * `/`, no empty segments. Applied on parse, so snapshots never hold two spellings of one file.
 */
export function normalizeFilePath(name: string): string {
  const segments = name.trim().replace(/\\/g, '/').split('/');
  const kept: string[] = [];
  for (const segment of segments) {
    if (segment === '' || segment === '.') continue;
    kept.push(segment);
  }
  return kept.join('/');
}
