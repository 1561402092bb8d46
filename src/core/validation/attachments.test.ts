import { describe, expect, it } from 'vitest';
import { PLANS } from '../plans/index.ts';
import {
  isAttachingDisabled,
  isDroppableMimeType,
  sniffAttachmentType,
  validateAttachment,
  validateAttachments,
} from './attachments.ts';

const MAGIC = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d],
  jpeg: [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1],
  gif: [...'GIF89a'].map((c) => c.charCodeAt(0)).concat([1, 0, 1, 0, 0, 0]),
  webp: [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [0x24, 0, 0, 0],
      [...'WEBP'].map((c) => c.charCodeAt(0)),
    ),
  pdf: [...'%PDF-1.7\n%âã'].map((c) => c.charCodeAt(0) & 0xff),
};
const head = (kind: keyof typeof MAGIC) => new Uint8Array(MAGIC[kind]);
const UNSUPPORTED = {
  code: 'unsupported-file-type',
  title: 'Invalid file',
  message: 'File type not supported. Please upload images (PNG, JPEG, GIF, WebP) or PDF documents.',
};

describe("Spec §5 attachments: 'Accepted types: .png, .jpeg, .jpg, .gif, .webp, .pdf' — by extension and by magic bytes", () => {
  it.each([
    ['shot.png', 'png'],
    ['photo.JPG', 'jpeg'],
    ['photo.jpeg', 'jpeg'],
    ['anim.gif', 'gif'],
    ['pic.webp', 'webp'],
    ['brief.pdf', 'pdf'],
  ] as const)('accepts %s whose bytes are %s', (name, kind) => {
    expect(validateAttachment({ name, size: 1000, head: head(kind) }, PLANS.premium)).toMatchObject({
      ok: true,
      value: { type: kind },
    });
  });

  it("rejects other extensions with the spec's message, titled 'Invalid file'", () => {
    expect(validateAttachment({ name: 'notes.txt', size: 10 }, PLANS.premium)).toEqual({
      ok: false,
      error: UNSUPPORTED,
    });
    expect(validateAttachment({ name: 'noextension', size: 10 }, PLANS.premium)).toEqual({
      ok: false,
      error: UNSUPPORTED,
    });
  });

  it('rejects a file whose bytes do not match its extension (an .exe renamed .png)', () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0]);
    expect(validateAttachment({ name: 'cat.png', size: 10, head: exe }, PLANS.premium)).toEqual({
      ok: false,
      error: UNSUPPORTED,
    });
    expect(validateAttachment({ name: 'cat.png', size: 10, head: head('jpeg') }, PLANS.premium).ok).toBe(
      false,
    );
  });

  it('sniffs each signature', () => {
    expect(
      (Object.keys(MAGIC) as (keyof typeof MAGIC)[]).map((kind) => sniffAttachmentType(head(kind))),
    ).toEqual(['png', 'jpeg', 'gif', 'webp', 'pdf']);
    expect(sniffAttachmentType(new Uint8Array([0x89, 0x50]))).toBeNull();
  });
});

describe("Spec §5 attachments: oversize → '{filename} is too large. Maximum size for PDF|image is {size}.'", () => {
  it(`limits PDFs to the plan's maxPdfBytes (${PLANS.free.maxPdfBytes} on free)`, () => {
    expect(
      validateAttachment({ name: 'big.pdf', size: PLANS.free.maxPdfBytes, head: head('pdf') }, PLANS.free).ok,
    ).toBe(true);
    expect(
      validateAttachment(
        { name: 'big.pdf', size: PLANS.free.maxPdfBytes + 1, head: head('pdf') },
        PLANS.free,
      ),
    ).toEqual({
      ok: false,
      error: {
        code: 'file-too-large',
        title: 'Invalid file',
        message: 'big.pdf is too large. Maximum size for PDF is 10 MB.',
      },
    });
  });

  it("limits images to the plan's maxImageBytes", () => {
    expect(
      validateAttachment(
        { name: 'huge.png', size: PLANS.premium.maxImageBytes + 1, head: head('png') },
        PLANS.premium,
      ),
    ).toEqual({
      ok: false,
      error: {
        code: 'file-too-large',
        title: 'Invalid file',
        message: 'huge.png is too large. Maximum size for image is 5 MB.',
      },
    });
  });
});

describe("Spec §8 'payment-required-for-image': 'You can't upload images with a free plan' – 'Please upgrade to continue.'", () => {
  it('refuses images on the free plan, allows PDFs', () => {
    expect(validateAttachment({ name: 'a.png', size: 1, head: head('png') }, PLANS.free)).toEqual({
      ok: false,
      error: {
        code: 'payment-required-for-image',
        title: "You can't upload images with a free plan",
        message: 'Please upgrade to continue.',
      },
    });
    expect(validateAttachment({ name: 'a.pdf', size: 1, head: head('pdf') }, PLANS.free).ok).toBe(true);
  });
});

describe("Spec §5 attachments: too many → 'Too many files' – 'Maximum {n} files allowed'", () => {
  it(`allows ${PLANS.premium.maxAttachments} files on premium, not ${PLANS.premium.maxAttachments + 1}`, () => {
    const files = Array.from({ length: PLANS.premium.maxAttachments + 1 }, (_, i) => ({
      name: `f${i}.pdf`,
      size: 1,
      head: head('pdf'),
    }));
    expect(validateAttachments(files.slice(1), PLANS.premium).ok).toBe(true);
    expect(validateAttachments(files, PLANS.premium)).toEqual({
      ok: false,
      error: {
        code: 'too-many-files',
        title: 'Too many files',
        message: `Maximum ${PLANS.premium.maxAttachments} files allowed`,
      },
    });
  });
});

describe("Spec §5: 'Drag-and-drop keeps only image/* and application/pdf'; attaching disabled at the maximum, while generating, after a length error or with a build error", () => {
  it('filters dropped types', () => {
    expect(['image/png', 'image/svg+xml', 'application/pdf', 'text/plain'].map(isDroppableMimeType)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('disables attaching in each listed case', () => {
    const idle = { count: 0, isGenerating: false, hasLengthError: false, hasBuildError: false };
    expect(isAttachingDisabled(idle, PLANS.free)).toBe(false);
    expect(isAttachingDisabled({ ...idle, count: PLANS.free.maxAttachments }, PLANS.free)).toBe(true);
    expect(isAttachingDisabled({ ...idle, isGenerating: true }, PLANS.free)).toBe(true);
    expect(isAttachingDisabled({ ...idle, hasLengthError: true }, PLANS.free)).toBe(true);
    expect(isAttachingDisabled({ ...idle, hasBuildError: true }, PLANS.free)).toBe(true);
  });
});
