/**
 * Spec §5 "Attachments": .png .jpeg .jpg .gif .webp .pdf, checked by extension and by the
 * file's first bytes (magic numbers), per-type size limits and a maximum count from the plan.
 */
import { formatFileSize } from '../display/index.ts';
import { ERRORS, invalid, valid, type Validation } from '../errors.ts';
import type { Plan } from '../plans/index.ts';

export type AttachmentType = 'png' | 'jpeg' | 'gif' | 'webp' | 'pdf';
export type AttachmentKind = 'image' | 'pdf';

export const ATTACHMENT_EXTENSIONS: Readonly<Record<string, AttachmentType>> = {
  '.png': 'png',
  '.jpeg': 'jpeg',
  '.jpg': 'jpeg',
  '.gif': 'gif',
  '.webp': 'webp',
  '.pdf': 'pdf',
};

export const ATTACHMENT_MIME_TYPES: Readonly<Record<AttachmentType, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The `accept` attribute of the file input. */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_EXTENSIONS).join(',');

/** How many leading bytes `sniffAttachmentType` needs. */
export const MAGIC_BYTES_LENGTH = 12;

export function attachmentKind(type: AttachmentType): AttachmentKind {
  return type === 'pdf' ? 'pdf' : 'image';
}

export function attachmentTypeFromName(fileName: string): AttachmentType | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  return ATTACHMENT_EXTENSIONS[fileName.slice(dot).toLowerCase()] ?? null;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** The type the content really is, from its magic number; null if none of ours. */
export function sniffAttachmentType(head: Uint8Array): AttachmentType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (
    startsWith(head, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) ||
    startsWith(head, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])
  )
    return 'gif';
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  if (startsWith(head, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return null;
}

/** Spec §5: 'Drag-and-drop keeps only image/* and application/pdf'. */
export function isDroppableMimeType(mimeType: string): boolean {
  const type = mimeType.toLowerCase();
  return type.startsWith('image/') || type === 'application/pdf';
}

export interface AttachmentCandidate {
  name: string;
  size: number;
  /**
   * The first bytes (at least MAGIC_BYTES_LENGTH). The server always passes them; the browser
   * may omit them for its instant pre-check, and then only the extension is checked.
   */
  head?: Uint8Array;
}

export interface AcceptedAttachment {
  name: string;
  size: number;
  type: AttachmentType;
  mimeType: string;
}

export type AttachmentLimits = Pick<
  Plan,
  'maxAttachments' | 'maxImageBytes' | 'maxPdfBytes' | 'canUploadImages'
>;

/** One file: type by extension and magic bytes agreeing, then the plan's rules for its kind. */
export function validateAttachment(
  file: AttachmentCandidate,
  plan: AttachmentLimits,
): Validation<AcceptedAttachment> {
  const type = attachmentTypeFromName(file.name);
  if (type === null) return invalid(ERRORS.unsupportedFileType);
  if (file.head !== undefined && sniffAttachmentType(file.head) !== type)
    return invalid(ERRORS.unsupportedFileType);
  const kind = attachmentKind(type);
  if (kind === 'image' && !plan.canUploadImages) return invalid(ERRORS.paymentRequiredForImage);
  const maxBytes = kind === 'pdf' ? plan.maxPdfBytes : plan.maxImageBytes;
  if (file.size > maxBytes) {
    return invalid(
      ERRORS.fileTooLarge(file.name, kind === 'pdf' ? 'PDF' : 'image', formatFileSize(maxBytes)),
    );
  }
  return valid({ name: file.name, size: file.size, type, mimeType: ATTACHMENT_MIME_TYPES[type] });
}

/** All files of one prompt: the count first ('Too many files'), then each file in order. */
export function validateAttachments(
  files: readonly AttachmentCandidate[],
  plan: AttachmentLimits,
): Validation<AcceptedAttachment[]> {
  if (files.length > plan.maxAttachments) return invalid(ERRORS.tooManyFiles(plan.maxAttachments));
  const accepted: AcceptedAttachment[] = [];
  for (const file of files) {
    const result = validateAttachment(file, plan);
    if (!result.ok) return invalid(result.error);
    accepted.push(result.value);
  }
  return valid(accepted);
}

export interface AttachingState {
  count: number;
  isGenerating: boolean;
  hasLengthError: boolean;
  hasBuildError: boolean;
}

/**
 * Spec §5: 'Attaching is disabled at the maximum count, during generation, after a length
 * error, or while there is a build error.'
 */
export function isAttachingDisabled(state: AttachingState, plan: Pick<Plan, 'maxAttachments'>): boolean {
  return (
    state.count >= plan.maxAttachments || state.isGenerating || state.hasLengthError || state.hasBuildError
  );
}
