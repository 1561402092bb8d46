import { formatFileSize } from '../../../core/display/index.ts';
import { isFramework, type Framework } from '../../../core/frameworks/index.ts';

/**
 * How the generation call lays out what the model sees (shared with the offline demo model,
 * which reads the same layout back instead of guessing):
 *
 *   system:  the framework's system prompt, containing the line `Target framework: {framework}`
 *   user:    [text: context block] [attachment parts...] [text: the person's prompt]
 *
 * The context block holds the current snapshot (artifact markup), the locked file paths and the
 * attached images the model may place as files, so token use stays bounded on long chats:
 * earlier answers are not replayed.
 */
export const FRAMEWORK_LINE_PREFIX = 'Target framework: ';
export const SNAPSHOT_OPEN = '<current_snapshot>';
export const SNAPSHOT_CLOSE = '</current_snapshot>';
export const LOCKED_OPEN = '<locked_files>';
export const LOCKED_CLOSE = '</locked_files>';
export const ATTACHED_OPEN = '<attached_images>';
export const ATTACHED_CLOSE = '</attached_images>';

/** An image attached to the request, which the model may place as a file of the app. */
export interface AttachedImage {
  name: string;
  mediaType: string;
  size: number;
}

export function frameworkLine(framework: Framework): string {
  return `${FRAMEWORK_LINE_PREFIX}${framework}`;
}

export function readFramework(systemText: string): Framework | undefined {
  const line = systemText.split('\n').find((l) => l.startsWith(FRAMEWORK_LINE_PREFIX));
  const value = line?.slice(FRAMEWORK_LINE_PREFIX.length).trim();
  return isFramework(value) ? value : undefined;
}

export function renderContextBlock(
  snapshotMarkup: string | null,
  lockedPaths: readonly string[],
  attachedImages: readonly AttachedImage[] = [],
): string {
  const parts: string[] = [];
  if (snapshotMarkup) {
    parts.push(
      'This is the current version of the project. Answer with only the files you add, change or delete.',
      `${SNAPSHOT_OPEN}\n${snapshotMarkup}\n${SNAPSHOT_CLOSE}`,
    );
  } else {
    parts.push('There is no code yet: create the project from scratch.');
  }
  if (lockedPaths.length > 0) {
    parts.push(
      'These files are locked by the user. Do not modify, rewrite or delete them:',
      `${LOCKED_OPEN}\n${lockedPaths.join('\n')}\n${LOCKED_CLOSE}`,
    );
  }
  if (attachedImages.length > 0) {
    // One name per line, as sent: the `attachment` attribute must repeat it exactly.
    const lines = attachedImages.map(
      (image) => `${image.name.replace(/[\r\n]/g, ' ')} (${image.mediaType}, ${formatFileSize(image.size)})`,
    );
    parts.push(
      'The user attached these images. When the request asks to use one in the app (a logo, a photo), place it as a file with <kilnFile name="public/…" attachment="{file name}" /> and use it:',
      `${ATTACHED_OPEN}\n${lines.join('\n')}\n${ATTACHED_CLOSE}`,
    );
  }
  return parts.join('\n\n');
}

/** The attached images' file names listed in a context block. */
export function readAttachedImageNames(contextText: string): string[] {
  const start = contextText.indexOf(ATTACHED_OPEN);
  const end = contextText.indexOf(ATTACHED_CLOSE);
  if (start === -1 || end <= start) return [];
  return contextText
    .slice(start + ATTACHED_OPEN.length, end)
    .split('\n')
    .map((line) => line.replace(/ \([^()]*\)$/, '').trim())
    .filter(Boolean);
}

export function readSnapshotMarkup(contextText: string): string | undefined {
  const start = contextText.indexOf(SNAPSHOT_OPEN);
  const end = contextText.lastIndexOf(SNAPSHOT_CLOSE);
  if (start === -1 || end <= start) return undefined;
  return contextText.slice(start + SNAPSHOT_OPEN.length, end).trim();
}

export function readLockedPaths(contextText: string): string[] {
  const start = contextText.indexOf(LOCKED_OPEN);
  const end = contextText.indexOf(LOCKED_CLOSE);
  if (start === -1 || end <= start) return [];
  return contextText
    .slice(start + LOCKED_OPEN.length, end)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
