import { isSerializableContent, type Snapshot } from '../artifact/index.ts';
import type { Validation } from '../errors.ts';
import { invalid, valid } from '../errors.ts';
import { isStorableText, UNSTORABLE_TEXT } from '../validation/storable-text.ts';

/**
 * Project instructions (issue 17 item 4): the owner's standing instructions for a chat live in
 * the snapshot as `KILN.md` at the root, so they travel with the zip and the push like any file,
 * and every generation of the chat sends them to the model (docs/decisions/0045).
 */
export const INSTRUCTIONS_FILE = 'KILN.md';

/** Long enough for a page of conventions; the model reads them on every generation. */
export const MAX_INSTRUCTIONS_CHARS = 10_000;

export function isInstructionsFile(path: string): boolean {
  return path.replace(/^\.?\/+/, '') === INSTRUCTIONS_FILE;
}

/** The chat's instructions in a snapshot; '' when it has none. */
export function readInstructions(snapshot: Snapshot | null): string {
  return snapshot?.files.find((file) => isInstructionsFile(file.name))?.content ?? '';
}

/** Instructions as stored: line endings normalised, surrounding blank space trimmed. */
export function validateInstructions(raw: string): Validation<string> {
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (text.length > MAX_INSTRUCTIONS_CHARS) {
    return invalid({
      code: 'instructions-too-long',
      title: 'Instructions are too long',
      message: `Instructions can be at most ${MAX_INSTRUCTIONS_CHARS.toLocaleString('en')} characters.`,
    });
  }
  if (!isStorableText(text)) return invalid({ ...UNSTORABLE_TEXT, title: 'Invalid instructions' });
  // Kiln's own markup inside a file could not be read back from the stored snapshot.
  if (!isSerializableContent(`${text}\n`)) {
    return invalid({
      code: 'invalid-instructions',
      title: 'Invalid instructions',
      message: "Instructions cannot contain Kiln's artifact markup (<kilnFile>, </kilnArtifact>).",
    });
  }
  return valid(text);
}

/**
 * The snapshot with its KILN.md set to `text` (added at the end, or replaced in place), or
 * removed when `text` is empty. Every other file is kept as it is. KILN.md is locked, so the
 * model's file actions leave it alone (core lock rule); the owner changes it in Settings.
 */
export function withInstructions(snapshot: Snapshot, text: string): Snapshot {
  const others = snapshot.files.filter((file) => !isInstructionsFile(file.name));
  if (text === '') return { ...snapshot, files: others };
  const file = { name: INSTRUCTIONS_FILE, content: `${text}\n`, isLocked: true };
  const at = snapshot.files.findIndex((existing) => isInstructionsFile(existing.name));
  if (at === -1) return { ...snapshot, files: [...others, file] };
  const files = [...snapshot.files];
  files[at] = file;
  return { ...snapshot, files };
}

/** The system prompt's section with the owner's instructions; '' when there are none. */
export function instructionsPromptSection(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return [
    "## The project owner's instructions (KILN.md)",
    'The owner of this project wrote these standing instructions. Follow them in every answer unless',
    'they conflict with the output format above. KILN.md is locked: never write, edit or delete it.',
    '',
    '<owner_instructions>',
    trimmed,
    '</owner_instructions>',
  ].join('\n');
}
