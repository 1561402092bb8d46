import { describe, expect, it } from 'vitest';
import { RunningGeneration } from './running.ts';

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe('a running generation fans its text out to every reader', () => {
  it('text(from) returns exactly the tail from any offset', () => {
    const generation = new RunningGeneration('c', 1, 'u', 'm');
    const parts = ['<kiln', 'Artifact title="A">', '\n', 'hello ', 'world'];
    for (const part of parts) generation.append(part);
    const whole = parts.join('');
    for (let from = 0; from <= whole.length + 2; from++)
      expect(generation.text(from)).toBe(whole.slice(from));
  });

  it('a reader that joins late gets the text so far, then the rest; leaving does not stop it', async () => {
    const generation = new RunningGeneration('c', 1, 'u', 'm');
    generation.append('Hello, ');
    const early = generation.stream();
    const leaver = generation.stream().getReader();
    await leaver.read();
    await leaver.cancel();
    generation.append('world');
    const late = generation.stream();
    generation.append('!');
    generation.end();
    expect(await readAll(early)).toBe('Hello, world!');
    expect(await readAll(late)).toBe('Hello, world!');
    expect(generation.isEnded).toBe(true);
    expect(generation.controller.signal.aborted).toBe(false);
  });

  it('stop aborts the model call and remembers why', () => {
    const generation = new RunningGeneration('c', 1, 'u', 'm');
    generation.stop('signed-out');
    generation.stop('stopped');
    expect(generation.controller.signal.aborted).toBe(true);
    expect(generation.stopReason).toBe('signed-out');
  });
});
