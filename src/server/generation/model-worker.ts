import { Worker } from 'node:worker_threads';
import type { LanguageModelV3, LanguageModelV3Prompt } from '@ai-sdk/provider';
import type { TokenUsage } from '../../core/costs/index.ts';
import type { Config } from '../config.ts';
import { readModelText, type ModelFinishReason } from './model-stream.ts';
import type { FromModelWorker, ToModelWorker } from './model-worker-protocol.ts';

/**
 * Reads a model's answer: deltas to `onText`, the provider's token usage to `onUsage`, then the
 * finish reason (null: none was sent).
 */
export type ModelReader = (
  prompt: LanguageModelV3Prompt,
  signal: AbortSignal,
  onText: (text: string) => void,
  onUsage?: (usage: TokenUsage) => void,
) => Promise<ModelFinishReason | null>;

export interface ModelWorker {
  read: ModelReader;
  /** The thread's id while it runs (null before the first read or after it stopped). */
  readonly threadId: number | null;
  /** Starts the thread now rather than at the first generation (the server does at start). */
  warm(): void;
  close(): Promise<void>;
}

interface PendingRead {
  onText: (text: string) => void;
  onUsage?: (usage: TokenUsage) => void;
  settle: (error: Error | null, reason?: ModelFinishReason | null) => void;
}

// Compiled (dist/server, `npm start`): the thread's module itself. From source (tests, `npm run
// dev`), a plain boot file that registers tsx first: worker threads do not inherit the loader.
const BOOT = import.meta.url.endsWith('.js')
  ? new URL('./model-worker-thread.js', import.meta.url)
  : new URL('./model-worker-boot.mjs', import.meta.url);

/**
 * Model streams read in one worker thread (model-worker-thread.ts), the same `readModelText` as
 * in process. If the thread cannot start, reads fall back to this thread with `fallback`; if it
 * dies, the reads in flight fail (their versions end with an error) and the next read starts a
 * new one.
 */
export function createModelWorker(
  ai: Config['ai'],
  fallback: LanguageModelV3,
  options: { boot?: URL } = {},
): ModelWorker {
  let worker: Worker | null = null;
  let isReady = false;
  let cannotStart = false;
  let nextId = 1;
  const reads = new Map<number, PendingRead>();

  const failAll = (error: Error) => {
    for (const read of reads.values()) read.settle(error);
    reads.clear();
  };

  const start = (): Worker | null => {
    if (worker || cannotStart) return worker;
    let thread: Worker;
    try {
      thread = new Worker(options.boot ?? BOOT, { workerData: { ai } });
    } catch (error) {
      console.error('The model worker could not start; models run in the main thread', error);
      cannotStart = true;
      return null;
    }
    thread.unref();
    thread.on('message', (message: FromModelWorker) => {
      isReady = true;
      const read = reads.get(message.id);
      if (!read) return;
      if (message.type === 'text') read.onText(message.text);
      else if (message.type === 'usage') read.onUsage?.(message.usage);
      else {
        reads.delete(message.id);
        if (message.type === 'done') read.settle(null, message.reason);
        else read.settle(new Error(message.message));
      }
    });
    thread.on('error', (error) => {
      console.error('The model worker failed', error);
      if (!isReady) cannotStart = true;
    });
    thread.on('exit', () => {
      if (worker === thread) worker = null;
      isReady = false;
      failAll(new Error('The model worker stopped'));
    });
    worker = thread;
    return thread;
  };

  const read: ModelReader = (prompt, signal, onText, onUsage) => {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    const thread = start();
    if (!thread) return readModelText(fallback, prompt, signal, onText, { onUsage });
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (!reads.delete(id)) return;
        thread.postMessage({ type: 'abort', id } satisfies ToModelWorker);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      reads.set(id, {
        onText,
        onUsage,
        settle: (error, reason) => {
          signal.removeEventListener('abort', onAbort);
          if (error) reject(error);
          else resolve(reason ?? null);
        },
      });
      thread.postMessage({ type: 'read', id, prompt } satisfies ToModelWorker);
    });
  };

  return {
    read,
    get threadId() {
      return worker?.threadId ?? null;
    },
    warm: () => void start(),
    async close() {
      const thread = worker;
      worker = null;
      cannotStart = true;
      failAll(new Error('Kiln is shutting down'));
      if (thread) await thread.terminate();
    },
  };
}
