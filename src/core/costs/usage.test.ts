import { describe, expect, it } from 'vitest';
import { addUsage, costOf, EMPTY_TOTAL } from './usage.ts';

describe('what an answer cost', () => {
  const price = { input: 3, output: 15, cachedInput: 0.3 };

  it('bills uncached input, cached input and output at their prices per million tokens', () => {
    expect(costOf({ inputTokens: 1_000_000, outputTokens: 0, cachedInputTokens: 0 }, price)).toBe(3);
    expect(costOf({ inputTokens: 0, outputTokens: 1_000_000, cachedInputTokens: 0 }, price)).toBe(15);
    // 600k uncached × $3 + 400k cached × $0.30 + 100k output × $15
    expect(
      costOf({ inputTokens: 1_000_000, outputTokens: 100_000, cachedInputTokens: 400_000 }, price),
    ).toBeCloseTo(1.8 + 0.12 + 1.5, 10);
  });

  it('never counts more cached tokens than input tokens', () => {
    expect(costOf({ inputTokens: 100, outputTokens: 0, cachedInputTokens: 500 }, price)).toBeCloseTo(
      (100 * 0.3) / 1e6,
      12,
    );
  });

  it('totals answers, with dollars only from priced ones', () => {
    let total = addUsage(EMPTY_TOTAL, {
      inputTokens: 10,
      outputTokens: 5,
      cachedInputTokens: 2,
      costUsd: null,
    });
    expect(total).toEqual({
      inputTokens: 10,
      outputTokens: 5,
      cachedInputTokens: 2,
      costUsd: 0,
      isPriced: false,
    });
    total = addUsage(total, { inputTokens: 1, outputTokens: 1, cachedInputTokens: 0, costUsd: 0.25 });
    expect(total).toEqual({
      inputTokens: 11,
      outputTokens: 6,
      cachedInputTokens: 2,
      costUsd: 0.25,
      isPriced: true,
    });
  });
});
