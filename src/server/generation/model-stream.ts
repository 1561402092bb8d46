import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
  type LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { TokenUsage } from '../../core/costs/index.ts';

export type ModelFinishReason = 'stop' | 'length' | 'error';

const RETRY_BASE_MS = 500;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * The model's text, straight from the provider's `doStream` (AI SDK's LanguageModelV3): Kiln only
 * needs text deltas, and skipping `streamText`'s layers halves the cost per chunk
 * (docs/decisions/0009-model-stream.md). Retryable failures (429, 5xx) before the stream starts
 * are retried with backoff; once text flows, a failure ends the stream with an `error` finish.
 * Deltas go to `onText` from a plain read loop (an async generator would add promises per chunk).
 * Resolves with the finish reason, or null when the stream ended without one; the finish part's
 * token usage goes to `onUsage` (issue 17 item 3).
 */
export async function readModelText(
  model: LanguageModelV3,
  prompt: LanguageModelV3Prompt,
  signal: AbortSignal,
  onText: (text: string) => void,
  options: { maxRetries?: number; onUsage?: (usage: TokenUsage) => void } = {},
): Promise<ModelFinishReason | null> {
  const maxRetries = options.maxRetries ?? 2;
  let stream: ReadableStream<LanguageModelV3StreamPart> | undefined;
  for (let attempt = 0; ; attempt++) {
    try {
      ({ stream } = await model.doStream({ prompt, abortSignal: signal }));
      break;
    } catch (error) {
      const retryable = APICallError.isInstance(error) && error.isRetryable;
      if (!retryable || attempt >= maxRetries || signal.aborted) throw error;
      await sleep(RETRY_BASE_MS * 2 ** attempt, signal);
    }
  }
  const reader = stream.getReader();
  let reason: ModelFinishReason | null = null;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return reason;
      // Providers open with an empty delta (OpenAI's first chunk: a role and ''): passed on, it
      // would take the coalescer's 'at once' send (coalesce.ts) and the first text would wait.
      if (value.type === 'text-delta') {
        if (value.delta !== '') onText(value.delta);
      } else if (value.type === 'finish') {
        const unified = value.finishReason.unified;
        reason = unified === 'stop' || unified === 'length' ? unified : 'error';
        const usage = toTokenUsage(value.usage);
        if (usage) options.onUsage?.(usage);
      } else if (value.type === 'error') reason = 'error';
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * The AI SDK's usage as Kiln stores it: every input token (`total` includes cache reads and
 * writes for both OpenAI and Anthropic), output tokens and cache reads. Null when the provider
 * reported no token counts at all.
 */
export function toTokenUsage(usage: LanguageModelV3Usage | undefined): TokenUsage | null {
  if (!usage) return null;
  const input = usage.inputTokens.total;
  const output = usage.outputTokens.total;
  if (input === undefined && output === undefined) return null;
  return {
    inputTokens: input ?? 0,
    outputTokens: output ?? 0,
    cachedInputTokens: usage.inputTokens.cacheRead ?? 0,
  };
}
