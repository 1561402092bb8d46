import { describe, expect, it } from 'vitest';
import { PLANS } from './catalogue.ts';
import { GENERATION_FORM_OVERHEAD_BYTES, maxGenerationBodyBytes } from './upload-limit.ts';

const MB = 1024 * 1024;

describe('issue 12 item 3: the generation body limit follows the plan (count × size + prompt)', () => {
  it('free: 3 files of up to 10 MB, 2,000 characters, the form', () => {
    expect(maxGenerationBodyBytes(PLANS.free)).toBe(3 * 10 * MB + 2_000 * 4 + GENERATION_FORM_OVERHEAD_BYTES);
  });

  it('premium: 5 files of up to 20 MB, 10,000 characters, the form', () => {
    expect(maxGenerationBodyBytes(PLANS.premium)).toBe(
      5 * 20 * MB + 10_000 * 4 + GENERATION_FORM_OVERHEAD_BYTES,
    );
  });

  it('the largest file of any kind counts, even one the plan refuses (it still gets its message)', () => {
    const imagesLarger = { ...PLANS.free, maxImageBytes: 12 * MB, canUploadImages: false };
    expect(maxGenerationBodyBytes(imagesLarger)).toBe(
      3 * 12 * MB + 2_000 * 4 + GENERATION_FORM_OVERHEAD_BYTES,
    );
  });
});
