import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { TokenUsage } from '../../core/costs/index.ts';
import type { ModelFinishReason } from './model-stream.ts';

/** Messages from the main thread to the model worker. */
export type ToModelWorker =
  { type: 'read'; id: number; prompt: LanguageModelV3Prompt } | { type: 'abort'; id: number };

/** Messages from the model worker: text in batches, the usage, then done (with the finish) or error. */
export type FromModelWorker =
  | { type: 'text'; id: number; text: string }
  | { type: 'usage'; id: number; usage: TokenUsage }
  | { type: 'done'; id: number; reason: ModelFinishReason | null }
  | { type: 'error'; id: number; message: string };
