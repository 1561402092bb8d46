import { describe, expect, it } from 'vitest';
import { buildChatSlug } from './slug.ts';

describe('chat slug: readable words from the prompt plus a unique suffix', () => {
  it('keeps the first six words, slugified', () => {
    expect(buildChatSlug('Build me a Pricing table with three tiers please', 'x7k2q9')).toBe(
      'build-me-a-pricing-table-with-x7k2q9',
    );
  });
  it('caps the readable part at 48 characters without a trailing hyphen', () => {
    const slug = buildChatSlug('Supercalifragilisticexpialidocious extraordinarily magnificent', 'abc123');
    expect(slug.length).toBeLessThanOrEqual(48 + 7);
    expect(slug).not.toMatch(/--/);
    expect(slug.endsWith('-abc123')).toBe(true);
  });
  it('falls back to "component" when nothing readable is left', () => {
    expect(buildChatSlug('!!! ???', 'q1w2e3')).toBe('component-q1w2e3');
    expect(buildChatSlug('東京のカフェ', 'q1w2e3')).toBe('component-q1w2e3');
  });
});
