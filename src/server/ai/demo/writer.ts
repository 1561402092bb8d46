import {
  ARTIFACT_TAG,
  escapeAttribute,
  FILE_TAG,
  isSerializableContent,
} from '../../../core/artifact/index.ts';
import type { AnswerFile } from './types.ts';

/**
 * Writes one artifact the way serializeSnapshot does (content between a newline after the open
 * tag and one before the close tag), plus the `action` attribute a continuation needs and the
 * self-closing element that places an attachment. A file whose content is itself Kiln markup
 * cannot be written verbatim and is left out.
 */
export function writeArtifact(title: string, files: readonly AnswerFile[]): string {
  const parts = [`<${ARTIFACT_TAG} title="${escapeAttribute(title)}">\n`];
  for (const file of files) {
    if (file.attachment !== undefined) {
      parts.push(
        `<${FILE_TAG} name="${escapeAttribute(file.name)}" attachment="${escapeAttribute(file.attachment)}" />\n`,
      );
      continue;
    }
    if (!isSerializableContent(file.content)) continue;
    const action = file.action ? ` action="${file.action}"` : '';
    parts.push(
      `<${FILE_TAG} name="${escapeAttribute(file.name)}"${action}>\n`,
      file.content,
      `\n</${FILE_TAG}>\n`,
    );
  }
  parts.push(`</${ARTIFACT_TAG}>`);
  return parts.join('');
}

/** The whole answer: a thinking block, a sentence, the artifact (if any), a closing sentence. */
export function writeAnswer(parts: {
  thinking: string;
  intro: string;
  artifact: { title: string; files: readonly AnswerFile[] } | null;
  outro: string;
}): string {
  const blocks = [`<thinking>\n${parts.thinking.trim()}\n</thinking>`, parts.intro.trim()];
  if (parts.artifact && parts.artifact.files.length > 0) {
    blocks.push(writeArtifact(parts.artifact.title, parts.artifact.files));
  }
  if (parts.outro.trim() !== '') blocks.push(parts.outro.trim());
  return `${blocks.join('\n\n')}\n`;
}
