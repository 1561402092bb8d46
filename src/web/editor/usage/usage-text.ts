import { formatTokens, formatUsd, type TokenUsage } from '../../../core/costs/index.ts';

/** `1.2K in · 300 out · $0.005` — tokens, with dollars when the model was priced. */
export function usageLine(usage: TokenUsage, costUsd: number | null): string {
  const parts = [`${formatTokens(usage.inputTokens)} in`, `${formatTokens(usage.outputTokens)} out`];
  if (costUsd !== null) parts.push(formatUsd(costUsd));
  return parts.join(' · ');
}

/** The full figures, for a tooltip or a screen reader. */
export function usageDetails(usage: TokenUsage, costUsd: number | null, modelId: string | null): string {
  const lines = [
    `Input tokens: ${usage.inputTokens.toLocaleString('en')}`,
    `Cached input tokens: ${usage.cachedInputTokens.toLocaleString('en')}`,
    `Output tokens: ${usage.outputTokens.toLocaleString('en')}`,
  ];
  if (costUsd !== null) lines.push(`Cost: ${formatUsd(costUsd)}`);
  if (modelId) lines.push(`Model: ${modelId}`);
  return lines.join('\n');
}
