import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider';
import { composeAnswer } from './answer.ts';
import { readDemoRequest } from './request.ts';
import { abortError, createAnswerStream, estimateUsage } from './stream.ts';

export const DEMO_MODEL_ID = 'kiln-demo';
export const DEMO_PROVIDER = 'kiln';

export interface DemoModelOptions {
  /** Pause between chunks in milliseconds; 0 streams as fast as the reader reads. */
  delayMs: number;
}

function inputLength(options: LanguageModelV3CallOptions): number {
  return options.prompt.reduce(
    (sum, message) =>
      sum +
      (typeof message.content === 'string'
        ? message.content.length
        : message.content.reduce((n, part) => n + ('text' in part ? part.text.length : 0), 0)),
    0,
  );
}

/**
 * Kiln's offline model (docs/decisions/0040-demo-model.md): an AI SDK 6 language model that
 * answers from a built-in catalogue in Kiln's artifact markup, so the product works end to end
 * without a provider key. Deterministic: the same call always streams the same text.
 */
export function createDemoModel(options: DemoModelOptions): LanguageModelV3 {
  const delayMs = Math.max(0, options.delayMs);
  return {
    specificationVersion: 'v3',
    provider: DEMO_PROVIDER,
    modelId: DEMO_MODEL_ID,
    supportedUrls: {},

    async doGenerate(call: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
      if (call.abortSignal?.aborted) throw abortError();
      const text = composeAnswer(readDemoRequest(call.prompt));
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: estimateUsage(inputLength(call), text.length),
        warnings: [],
      };
    },

    async doStream(call: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
      const text = composeAnswer(readDemoRequest(call.prompt));
      return {
        stream: createAnswerStream(text, {
          delayMs,
          abortSignal: call.abortSignal,
          inputChars: inputLength(call),
        }),
      };
    },
  };
}
