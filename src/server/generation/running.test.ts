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

  it('the first delta reaches a reader at once, even while a burst of deltas holds the event loop', async () => {
    const generation = new RunningGeneration('c', 1, 'u', 'm');
    const reader = generation.stream().getReader();
    let appended = 0;
    let appendedWhenRead = -1;
    const firstRead = reader.read().then((result) => {
      appendedWhenRead = appended;
      return result;
    });
    // A provider parsing buffered input: 1,000 deltas, each a microtask after the previous one,
    // so no macrotask (setImmediate, timers) runs until the burst is over.
    for (let i = 0; i < 1000; i++) {
      await Promise.resolve();
      generation.append('x');
      appended++;
    }
    const { value } = await firstRead;
    expect(new TextDecoder().decode(value)).toBe('x');
    expect(appendedWhenRead).toBeLessThan(10);
    // The rest is coalesced into few writes, and nothing is lost.
    generation.end();
    let rest = '';
    let writes = 0;
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      writes++;
      rest += new TextDecoder().decode(next.value);
    }
    expect(rest).toBe('x'.repeat(999));
    expect(writes).toBeLessThan(100);
  });

  it('stop aborts the model call and remembers why', () => {
    const generation = new RunningGeneration('c', 1, 'u', 'm');
    generation.stop('signed-out');
    generation.stop('stopped');
    expect(generation.controller.signal.aborted).toBe(true);
    expect(generation.stopReason).toBe('signed-out');
  });
});
