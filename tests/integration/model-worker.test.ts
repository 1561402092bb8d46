import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveModel } from '../../src/server/ai/model.ts';
import { parseConfig } from '../../src/server/config.ts';
import { createModelWorker, type ModelWorker } from '../../src/server/generation/model-worker.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'A card' }] }];

describe('model streams read in a worker thread', () => {
  let llm: FakeLlm;
  let ai: ReturnType<typeof parseConfig>['ai'];
  let worker: ModelWorker;
  beforeAll(async () => {
    llm = await startFakeLlm();
    ai = parseConfig({
      KILN_DATA_DIR: '/tmp/kiln-model-worker-test',
      KILN_MODEL: 'openai:fake-model',
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: llm.openaiBaseUrl,
    }).ai;
    worker = createModelWorker(ai, (await resolveModel(ai)).model);
  });
  afterAll(async () => {
    await worker.close();
    await llm.close();
  });

  async function readAll(signal = new AbortController().signal) {
    let text = '';
    const reason = await worker.read(prompt, signal, (delta) => {
      text += delta;
    });
    return { text, reason };
  }

  it('delivers every delta and the finish reason, from another thread', async () => {
    const answer =
      '<kilnArtifact title="Card">\n<kilnFile name="src/App.tsx">\nexport default 1;\n</kilnFile>\n</kilnArtifact>'.repeat(
        50,
      );
    llm.enqueue({ chunks: chunkText(answer, 7) }, { chunks: ['cut'], finishReason: 'length' });
    expect(await readAll()).toEqual({ text: answer, reason: 'stop' });
    expect(worker.threadId).toBeGreaterThan(0);
    expect(await readAll()).toEqual({ text: 'cut', reason: 'length' });
  });

  it('runs many reads at once, each getting only its own text', async () => {
    const answers = Array.from({ length: 12 }, (_, i) => `answer ${i} `.repeat(40));
    llm.enqueue(...answers.map((answer) => ({ chunks: chunkText(answer, 5), delayMs: 1 })));
    const results = await Promise.all(answers.map(() => readAll()));
    // Requests reach the fake server in some order; each read gets one whole answer.
    expect(results.map((r) => r.text).sort()).toEqual([...answers].sort());
  });

  it('an abort ends the read at once, and the thread keeps serving', async () => {
    llm.enqueue({ chunks: chunkText('x'.repeat(400), 4), delayMs: 20 }, { chunks: ['after'] });
    const controller = new AbortController();
    let received = '';
    const reading = worker.read(prompt, controller.signal, (delta) => {
      received += delta;
      if (received.length >= 8) controller.abort(new Error('stopped by the owner'));
    });
    await expect(reading).rejects.toThrow('stopped by the owner');
    expect(received.length).toBeLessThan(400);
    expect(await readAll()).toEqual({ text: 'after', reason: 'stop' });
  });

  it('a provider error before any text fails the read with its message', async () => {
    llm.enqueue({ chunks: ['next time'], failFirst: [400] });
    await expect(readAll()).rejects.toThrow();
    // The thread goes on serving (the fake server now streams the script it held back).
    expect(await readAll()).toEqual({ text: 'next time', reason: 'stop' });
  });

  it('falls back to this thread when the worker cannot start', async () => {
    const broken = createModelWorker(ai, (await resolveModel(ai)).model, {
      boot: new URL('file:///nonexistent/kiln-model-worker.mjs'),
    });
    llm.enqueue({ chunks: ['in process'] });
    let text = '';
    // The first read may fail with the thread; after that the main thread serves.
    await broken
      .read(prompt, new AbortController().signal, (delta) => (text += delta))
      .catch(() => undefined);
    text = '';
    llm.enqueue({ chunks: ['in process'] });
    await expect(broken.read(prompt, new AbortController().signal, (delta) => (text += delta))).resolves.toBe(
      'stop',
    );
    expect(text).toBe('in process');
    expect(broken.threadId).toBeNull();
    await broken.close();
  });
});
