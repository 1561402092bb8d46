import { describe, expect, it } from 'vitest';
import {
  binaryFileSize,
  binaryTypeFromName,
  checkBinaryFile,
  decodeBase64,
  encodeBase64,
  MAX_BINARY_FILE_BYTES,
  sniffBinaryTypes,
} from './binary-files.ts';

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const ascii = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const AVIF = Uint8Array.from([0, 0, 0, 0x1c, ...ascii('ftypavif'), 0, 0, 0, 0, ...ascii('avifmif1miaf')]);

describe('Binary files: images (png, jpg/jpeg, gif, webp, avif, ico, bmp) and fonts (woff, woff2, ttf, otf)', () => {
  it('knows the type by extension, case-insensitively; SVG and everything else is text', () => {
    expect(binaryTypeFromName('public/Logo.PNG')).toBe('png');
    expect(binaryTypeFromName('a/b.jpg')).toBe('jpeg');
    expect(binaryTypeFromName('fonts/x.woff2')).toBe('woff2');
    expect(binaryTypeFromName('favicon.ico')).toBe('ico');
    expect(binaryTypeFromName('logo.svg')).toBeNull();
    expect(binaryTypeFromName('src/App.tsx')).toBeNull();
    expect(binaryTypeFromName('png')).toBeNull();
  });

  it('knows the type by magic bytes', () => {
    expect(sniffBinaryTypes(PNG)).toEqual(['png']);
    expect(sniffBinaryTypes(AVIF)).toEqual(['avif']);
    expect(sniffBinaryTypes(Uint8Array.from([0, 0, 1, 0, 1, 0]))).toEqual(['ico']);
    expect(sniffBinaryTypes(ascii('wOF2rest'))).toEqual(['woff2']);
    expect(sniffBinaryTypes(ascii('OTTOrest'))).toEqual(['ttf', 'otf']);
    expect(sniffBinaryTypes(ascii('%PDF-1.7'))).toEqual([]);
    expect(sniffBinaryTypes(ascii('<svg></svg>'))).toEqual([]);
  });

  it('accepts a file whose extension and bytes agree, with its content type', () => {
    expect(checkBinaryFile('public/logo.png', PNG)).toEqual({ ok: true, type: 'png', mimeType: 'image/png' });
    expect(checkBinaryFile('f.otf', ascii('OTTOxxxx'))).toMatchObject({ ok: true, mimeType: 'font/otf' });
  });

  it('refuses a type not allowed, or bytes that are not what the extension says', () => {
    expect(checkBinaryFile('tool.exe', ascii('MZ'))).toMatchObject({ ok: false, reason: 'unsupported-type' });
    expect(checkBinaryFile('fake.png', ascii('<script>'))).toMatchObject({
      ok: false,
      reason: 'unsupported-type',
    });
    expect(checkBinaryFile('doc.pdf', ascii('%PDF-1.7'))).toMatchObject({
      ok: false,
      reason: 'unsupported-type',
    });
  });

  it(`refuses a file over ${MAX_BINARY_FILE_BYTES} bytes (5 MB), accepts one at the limit`, () => {
    const at = new Uint8Array(MAX_BINARY_FILE_BYTES);
    at.set(PNG);
    expect(checkBinaryFile('big.png', at).ok).toBe(true);
    const over = new Uint8Array(MAX_BINARY_FILE_BYTES + 1);
    over.set(PNG);
    expect(checkBinaryFile('big.png', over)).toEqual({
      ok: false,
      reason: 'too-large',
      message: 'it is too large. Maximum size for a binary file is 5 MB.',
    });
  });
});

describe('Base64 content of a binary file', () => {
  it('round-trips any bytes, with or without padding, split over lines, or as a data URL', () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256);
    const text = encodeBase64(bytes);
    expect(decodeBase64(text)).toEqual(bytes);
    expect(decodeBase64(text.replace(/=+$/, ''))).toEqual(bytes);
    expect(decodeBase64(text.replace(/(.{76})/g, '$1\n'))).toEqual(bytes);
    expect(decodeBase64(`data:image/png;base64,${text}`)).toEqual(bytes);
    expect(decodeBase64('')).toEqual(new Uint8Array(0));
  });

  it('refuses text that is not base64', () => {
    expect(decodeBase64('not base64!')).toBeNull();
    expect(decodeBase64('abcde')).toBeNull();
    expect(decodeBase64('ab=c')).toBeNull();
    expect(decodeBase64('YQ===')).toBeNull();
    expect(decodeBase64('data:image/png,plain')).toBeNull();
  });
});

describe('The size a binary file shows (chat, code view)', () => {
  it('is the reference’s size, what base64 decodes to, or unknown for an attachment not placed yet', () => {
    expect(binaryFileSize({ kind: 'blob', hash: 'a'.repeat(64), size: 12345 }, '')).toBe(12345);
    const bytes = Uint8Array.from({ length: 301 }, (_, i) => i % 256);
    expect(binaryFileSize({ kind: 'base64' }, encodeBase64(bytes).replace(/(.{60})/g, '$1\n'))).toBe(301);
    expect(binaryFileSize({ kind: 'attachment', attachment: 'a.png' }, '')).toBeNull();
  });
});
