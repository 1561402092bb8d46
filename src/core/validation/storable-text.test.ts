import { describe, expect, it } from 'vitest';
import { isStorableText } from './storable-text.ts';

describe('storable text: PostgreSQL text holds any character but U+0000', () => {
  it('accepts any other text, unicode and control characters included', () => {
    for (const text of ['', 'A pricing table', '東京 🍣', '\t\n\u0001\uffff'])
      expect(isStorableText(text)).toBe(true);
  });
  it('refuses a NUL anywhere', () => {
    for (const text of ['\u0000', 'a\u0000b', 'prompt\u0000']) expect(isStorableText(text)).toBe(false);
  });
});
