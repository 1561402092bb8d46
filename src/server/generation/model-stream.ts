import { APICallError, type LanguageModelV3, type LanguageModelV3Prompt } from '@ai-sdk/provider';

export type ModelEvent =
  { type: 'text'; text: string } | { type: 'finish'; reason: 'stop' | 'length' | 'error' };

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
 */
export async function* streamModelText(
  model: LanguageModelV3,
  prompt: LanguageModelV3Prompt,
  signal: AbortSignal,
  maxRetries = 2,
): AsyncGenerator<ModelEvent> {
  let stream: ReadableStream<import('@ai-sdk/provider').LanguageModelV3StreamPart> | undefined;
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
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      if (value.type === 'text-delta') yield { type: 'text', text: value.delta };
      else if (value.type === 'finish') {
        const reason = value.finishReason.unified;
        yield { type: 'finish', reason: reason === 'stop' || reason === 'length' ? reason : 'error' };
      } else if (value.type === 'error') yield { type: 'finish', reason: 'error' };
    }
  } finally {
    reader.releaseLock();
  }
}
