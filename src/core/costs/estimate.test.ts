import { describe, expect, it } from 'vitest';
import { estimateRequestTokens, estimateTextTokens, formatTokens, IMAGE_TOKENS } from './estimate.ts';

describe('estimated input tokens', () => {
  it('counts about four characters per token, rounding up', () => {
    expect(estimateTextTokens('')).toBe(0);
    expect(estimateTextTokens('abcde')).toBe(2);
    expect(estimateTextTokens(4000)).toBe(1000);
  });

  it('adds the prompt, the current files and the attachments', () => {
    expect(
      estimateRequestTokens({
        prompt: 'a'.repeat(400),
        snapshotChars: 8000,
        attachments: [
          { type: 'image/png', size: 2_000_000 },
          { type: 'application/pdf', size: 32_000 },
        ],
      }),
    ).toBe(100 + 2000 + IMAGE_TOKENS + 1000);
  });

  it('formats counts compactly', () => {
    expect(formatTokens(950)).toBe('950');
    expect(formatTokens(1234)).toBe('1.2K');
  });
});
