/**
 * Binary files in versions (docs/artifact-format.md "Binary files", decision 0039): images,
 * icons and fonts. A stored snapshot references their bytes by content hash; model output may
 * place a user's attachment or write the bytes as base64, which the server turns into
 * references when the version finishes. Pure: the type rules, the checks and base64 decoding.
 */
import { formatFileSize } from '../display/index.ts';
import { sniffAttachmentType } from '../validation/index.ts';

/** A file's bytes in the blob store: the SHA-256 of the bytes (64 lowercase hex) and their length. */
export interface BlobReference {
  hash: string;
  size: number;
}

/**
 * How a binary file's bytes are given: a blob reference (stored snapshots), a file the user
 * attached to the same message (model output), or the element's content as base64 (model
 * output: imports, pulls, the fake model in tests).
 */
export type BinarySource =
  ({ kind: 'blob' } & BlobReference) | { kind: 'attachment'; attachment: string } | { kind: 'base64' };

export function isSameBinarySource(a: BinarySource | undefined, b: BinarySource | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.kind === 'blob') return b.kind === 'blob' && a.hash === b.hash && a.size === b.size;
  if (a.kind === 'attachment') return b.kind === 'attachment' && a.attachment === b.attachment;
  return b.kind === a.kind;
}

/** The value of a `blob` attribute: `sha256:` and 64 hex digits. */
export const BLOB_ATTRIBUTE = /^sha256:([0-9a-f]{64})$/i;

export function isBlobHash(hash: string): boolean {
  return /^[0-9a-f]{64}$/.test(hash);
}

export function blobAttribute(hash: string): string {
  return `sha256:${hash}`;
}

/**
 * A binary file's size in bytes as far as it is known: a blob reference's, or what base64 text
 * decodes to (estimated, without decoding); null for an attachment not placed yet.
 */
export function binaryFileSize(binary: BinarySource, content: string): number | null {
  if (binary.kind === 'blob') return binary.size;
  if (binary.kind === 'attachment') return null;
  let letters = 0;
  for (let i = 0; i < content.length; i++) {
    const code = content.charCodeAt(i);
    if (code > 0x20 && code !== 0x3d /* = */) letters++;
  }
  return Math.floor((letters * 3) / 4);
}

/** The largest binary file a version may hold (one image, icon or font). */
export const MAX_BINARY_FILE_BYTES = 5 * 1024 * 1024;

export type BinaryFileType =
  'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'ico' | 'bmp' | 'woff' | 'woff2' | 'ttf' | 'otf';

export const BINARY_FILE_EXTENSIONS: Readonly<Record<string, BinaryFileType>> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.gif': 'gif',
  '.webp': 'webp',
  '.avif': 'avif',
  '.ico': 'ico',
  '.bmp': 'bmp',
  '.woff': 'woff',
  '.woff2': 'woff2',
  '.ttf': 'ttf',
  '.otf': 'otf',
};

export const BINARY_MIME_TYPES: Readonly<Record<BinaryFileType, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
};

/** What the messages name: 'Binary files must be images (…) or fonts (…).' */
export const ALLOWED_BINARY_TYPES_TEXT =
  'images (PNG, JPEG, GIF, WebP, AVIF, ICO, BMP) or fonts (WOFF, WOFF2, TTF, OTF)';

/** The binary type a file name stands for; null for every other file (SVG is text). */
export function binaryTypeFromName(name: string): BinaryFileType | null {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot < 0) return null;
  return BINARY_FILE_EXTENSIONS[base.slice(dot).toLowerCase()] ?? null;
}

export function isImageType(type: BinaryFileType): boolean {
  return BINARY_MIME_TYPES[type].startsWith('image/');
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** An ISO media file (`ftyp` box) whose brands include AVIF's. */
function isAvif(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ascii('ftyp'), 4)) return false;
  const boxSize =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(bytes.length, Math.max(16, boxSize));
  for (let at = 8; at + 4 <= end; at += 4) {
    if (startsWith(bytes, ascii('avif'), at) || startsWith(bytes, ascii('avis'), at)) return true;
  }
  return false;
}

/** The types the bytes really are, from their magic numbers (fonts: ttf and otf share sfnt). */
export function sniffBinaryTypes(bytes: Uint8Array): BinaryFileType[] {
  const image = sniffAttachmentType(bytes.subarray(0, 16));
  if (image !== null && image !== 'pdf') return [image];
  if (isAvif(bytes)) return ['avif'];
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return ['ico'];
  if (startsWith(bytes, ascii('BM')) && bytes.length >= 26) return ['bmp'];
  if (startsWith(bytes, ascii('wOFF'))) return ['woff'];
  if (startsWith(bytes, ascii('wOF2'))) return ['woff2'];
  if (
    startsWith(bytes, [0x00, 0x01, 0x00, 0x00]) ||
    startsWith(bytes, ascii('true')) ||
    startsWith(bytes, ascii('OTTO'))
  )
    return ['ttf', 'otf'];
  return [];
}

export type BinaryFileCheck =
  | { ok: true; type: BinaryFileType; mimeType: string }
  | { ok: false; reason: 'unsupported-type' | 'too-large'; message: string };

/**
 * A binary file may be stored when its name is an allowed type, its bytes are that type (magic
 * numbers) and it is at most MAX_BINARY_FILE_BYTES. The message finishes the sentence
 * '{name} was not added: …'.
 */
export function checkBinaryFile(name: string, bytes: Uint8Array): BinaryFileCheck {
  const type = binaryTypeFromName(name);
  if (type === null || !sniffBinaryTypes(bytes).includes(type)) {
    return {
      ok: false,
      reason: 'unsupported-type',
      message: `file type not supported. Binary files must be ${ALLOWED_BINARY_TYPES_TEXT}, and their content must match the extension.`,
    };
  }
  if (bytes.byteLength > MAX_BINARY_FILE_BYTES) {
    return {
      ok: false,
      reason: 'too-large',
      message: `it is too large. Maximum size for a binary file is ${formatFileSize(MAX_BINARY_FILE_BYTES)}.`,
    };
  }
  return { ok: true, type, mimeType: BINARY_MIME_TYPES[type] };
}

/**
 * Strict base64 (standard or URL alphabet, padding optional, whitespace between lines ignored);
 * null when the text is not base64. No Node or DOM API beyond `atob`, present in both.
 */
export function decodeBase64(text: string): Uint8Array | null {
  let clean = text.replace(/[\s]+/g, '');
  if (clean.startsWith('data:')) {
    // A data URL's payload (`data:image/png;base64,iVBOR…`), which models like to write.
    const comma = clean.indexOf(',');
    if (comma < 0 || !/;base64$/i.test(clean.slice(0, comma))) return null;
    clean = clean.slice(comma + 1);
  }
  clean = clean.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) return null;
  const unpadded = clean.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  const padded = unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4);
  if (padded.length !== clean.length && clean.length !== unpadded.length) return null;
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The base64 text of some bytes (the serializer of imports, tests and the fake model). */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i] as number);
  return btoa(binary);
}
