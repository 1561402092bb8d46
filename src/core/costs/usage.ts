import type { ModelPrice } from './prices.ts';

/** Tokens of one answer as the provider reported them. */
export interface TokenUsage {
  /** Every input token, cached or not. */
  inputTokens: number;
  outputTokens: number;
  /** Input tokens read from the provider's prompt cache (a part of inputTokens). */
  cachedInputTokens: number;
}

const PER_MILLION = 1_000_000;

/**
 * Dollars for one answer: uncached input, cached input and output at their prices. Tokens
 * written to a cache (Anthropic bills them a little above input) count as plain input.
 */
export function costOf(usage: TokenUsage, price: ModelPrice): number {
  const cached = Math.min(usage.cachedInputTokens, usage.inputTokens);
  const uncached = usage.inputTokens - cached;
  return (
    (uncached * price.input + cached * price.cachedInput + usage.outputTokens * price.output) / PER_MILLION
  );
}

/** Sums answers' usage; a null cost (an unpriced model) leaves the dollars out of the total. */
export interface UsageTotal extends TokenUsage {
  /** Dollars of the priced answers. */
  costUsd: number;
  /** Whether at least one answer had a price (the UI shows dollars only then). */
  isPriced: boolean;
}

export const EMPTY_TOTAL: UsageTotal = {
  inputTokens: 0,
  outputTokens: 0,
  cachedInputTokens: 0,
  costUsd: 0,
  isPriced: false,
};

export function addUsage(
  total: UsageTotal,
  answer: Partial<TokenUsage> & { costUsd?: number | null },
): UsageTotal {
  return {
    inputTokens: total.inputTokens + (answer.inputTokens ?? 0),
    outputTokens: total.outputTokens + (answer.outputTokens ?? 0),
    cachedInputTokens: total.cachedInputTokens + (answer.cachedInputTokens ?? 0),
    costUsd: total.costUsd + (answer.costUsd ?? 0),
    isPriced: total.isPriced || (answer.costUsd !== undefined && answer.costUsd !== null),
  };
}
