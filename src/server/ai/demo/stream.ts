import type { LanguageModelV3StreamPart, LanguageModelV3Usage } from '@ai-sdk/provider';

const MIN_CHUNK = 3;
const MAX_CHUNK = 36;

/** FNV-1a: a stable seed from the text, so the same answer is always cut the same way. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny deterministic generator. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cuts the text into chunks of 3–36 characters (as a model's tokens arrive), never inside a surrogate pair. */
export function chunkText(text: string): string[] {
  const random = generator(hash(text));
  const chunks: string[] = [];
  let at = 0;
  while (at < text.length) {
    // Squaring the draw favours short chunks, like real token streams.
    let end = Math.min(text.length, at + MIN_CHUNK + Math.floor(random() ** 2 * (MAX_CHUNK - MIN_CHUNK + 1)));
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end++;
    chunks.push(text.slice(at, end));
    at = end;
  }
  return chunks;
}

export function abortError(): DOMException {
  return new DOMException('The demo model stream was aborted.', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function estimateUsage(inputChars: number, outputChars: number): LanguageModelV3Usage {
  const input = Math.ceil(inputChars / 4);
  const output = Math.ceil(outputChars / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

/**
 * The AI SDK stream for a finished answer: one text part, delivered chunk by chunk with
 * `delayMs` between chunks. Pull-based, so nothing runs ahead of the reader; an abort ends the
 * stream with an AbortError (what streamText expects from a provider) at once, even mid-delay.
 */
export function createAnswerStream(
  text: string,
  options: { delayMs: number; abortSignal?: AbortSignal; inputChars: number },
): ReadableStream<LanguageModelV3StreamPart> {
  const chunks = chunkText(text);
  const { delayMs, abortSignal } = options;
  let index = 0;
  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      if (abortSignal?.aborted) {
        controller.error(abortError());
        return;
      }
      controller.enqueue({ type: 'stream-start', warnings: [] });
      controller.enqueue({ type: 'text-start', id: 'text-0' });
    },
    async pull(controller) {
      try {
        if (index < chunks.length) {
          if (delayMs > 0 && index > 0) await sleep(delayMs, abortSignal);
          if (abortSignal?.aborted) throw abortError();
          controller.enqueue({ type: 'text-delta', id: 'text-0', delta: chunks[index] ?? '' });
          index++;
          return;
        }
        controller.enqueue({ type: 'text-end', id: 'text-0' });
        controller.enqueue({
          type: 'finish',
          usage: estimateUsage(options.inputChars, text.length),
          finishReason: { unified: 'stop', raw: 'stop' },
        });
        controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
