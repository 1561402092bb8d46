import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createCoalescer } from './coalesce.ts';
import { readModelText } from './model-stream.ts';

/** A model whose stream is `parts` (what a provider's `doStream` would give). */
function modelOf(parts: LanguageModelV3StreamPart[]): LanguageModelV3 {
  return {
    doStream: async () => ({
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    }),
  } as unknown as LanguageModelV3;
}

describe('readModelText', () => {
  it("passes no empty delta on: the first text takes the coalescer's at-once send (issue 34 item 3)", async () => {
    // OpenAI's first chunk is a role with content '', which the AI SDK hands on as a delta.
    const model = modelOf([
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: '' },
      { type: 'text-delta', id: '0', delta: 'Hello' },
      { type: 'text-delta', id: '0', delta: ', world' },
      { type: 'text-end', id: '0' },
    ] as LanguageModelV3StreamPart[]);
    const received: string[] = [];
    const sent: string[] = [];
    let sentWithFirstText: string[] = [];
    const coalescer = createCoalescer((text) => sent.push(text), 2);
    await readModelText(model, [], new AbortController().signal, (text) => {
      received.push(text);
      coalescer.push(text);
      if (received.length === 1) sentWithFirstText = [...sent];
    });
    coalescer.flush();
    expect(received).toEqual(['Hello', ', world']);
    // The reader gets the first text as it arrives, not on the coalescer's next turn.
    expect(sentWithFirstText).toEqual(['Hello']);
    expect(sent.join('')).toBe('Hello, world');
  });
});
