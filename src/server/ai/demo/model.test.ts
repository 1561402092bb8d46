import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { parseArtifactText } from '../../../core/artifact/index.ts';
import { FRAMEWORKS } from '../../../core/frameworks/index.ts';
import { buildContinuePrompt } from '../../../core/snapshot/index.ts';
import { frameworkLine, renderContextBlock } from '../prompts/context.ts';
import { createDemoModel, DEMO_CATALOGUE_ENTRIES, DEMO_MODEL_ID } from './index.ts';
import { fileContent, nextSnapshot, runDemo } from './testing.ts';

describe('createDemoModel', () => {
  it('is an AI SDK 6 language model', () => {
    const model = createDemoModel({ delayMs: 0 });
    expect(model.specificationVersion).toBe('v3');
    expect(model.modelId).toBe(DEMO_MODEL_ID);
    expect(DEMO_MODEL_ID).toBe('kiln-demo');
    expect(DEMO_CATALOGUE_ENTRIES.length).toBeGreaterThanOrEqual(11);
  });

  it('streams in many chunks whose concatenation is the final text', async () => {
    const model = createDemoModel({ delayMs: 0 });
    const result = streamText({ model, system: frameworkLine('vue'), prompt: 'a todo app' });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    expect(deltas.length).toBeGreaterThan(50);
    expect(deltas.join('')).toBe(await result.text);
    expect(await result.finishReason).toBe('stop');
    expect(deltas.every((d) => d.length <= 40)).toBe(true);
  });

  it('is deterministic: the same input streams the same chunks', async () => {
    const a = await runDemo({ framework: 'svelte', prompt: 'a data table' });
    const b = await runDemo({ framework: 'svelte', prompt: 'a data table' });
    expect(a.deltas).toEqual(b.deltas);
  });

  it('honours delayMs between chunks', async () => {
    const started = Date.now();
    const { deltas } = await runDemo({ framework: 'html', prompt: 'a counter', delayMs: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(deltas.length - 1);
  });

  it('stops promptly when aborted mid-stream', async () => {
    const controller = new AbortController();
    // A second between chunks: stopping 'promptly' means long before the next one would come,
    // a margin no loaded machine eats (40 ms after a 50 ms delay failed under load).
    const model = createDemoModel({ delayMs: 1_000 });
    const result = streamText({
      model,
      system: frameworkLine('react'),
      prompt: 'a pricing table',
      abortSignal: controller.signal,
    });
    const deltas: string[] = [];
    let abortedAt = 0;
    try {
      for await (const delta of result.textStream) {
        deltas.push(delta);
        if (deltas.length === 1) {
          abortedAt = Date.now();
          controller.abort();
        }
      }
    } catch (error) {
      expect((error as Error).name).toBe('AbortError');
    }
    expect(Date.now() - abortedAt).toBeLessThan(900);
    expect(deltas.length).toBeLessThanOrEqual(2);
  });

  it('works with generateText (doGenerate) too', async () => {
    const { text } = await generateText({
      model: createDemoModel({ delayMs: 0 }),
      system: frameworkLine('angular'),
      prompt: 'login form',
    });
    expect(parseArtifactText(text).title).toBe('Login Form');
  });

  it('reads the prompt as the last text part, after the context block and attachments', async () => {
    const result = streamText({
      model: createDemoModel({ delayMs: 0 }),
      system: `Rules…\n${frameworkLine('html')}\nMore rules…`,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: renderContextBlock(null, []) },
            { type: 'image', image: new Uint8Array([137, 80, 78, 71]), mediaType: 'image/png' },
            { type: 'text', text: 'a modal please' },
          ],
        },
      ],
    });
    const parsed = parseArtifactText(await result.text);
    expect(parsed.title).toBe('Modal Dialog');
    expect(parsed.files.map((file) => file.name)).toEqual(['index.html']);
  });

  it('applies style words of a first prompt right away', async () => {
    const { text } = await runDemo({ framework: 'react', prompt: 'a dark pricing table in green' });
    const content = parseArtifactText(text).files[0]?.content ?? '';
    expect(content).toContain('bg-green-600');
    expect(content).toContain('bg-slate-900');
  });
});

describe('continuing a cut-off answer ("Continue exactly where you left off")', () => {
  for (const framework of FRAMEWORKS) {
    for (const fraction of [0.3, 0.55, 0.8, 0.97]) {
      it(`${framework}: cut at ${Math.round(fraction * 100)}% → the continued version equals the full one`, async () => {
        const full = (await runDemo({ framework, prompt: 'a todo app' })).text;
        const complete = nextSnapshot(null, full);
        const cut = full.slice(0, Math.floor(full.length * fraction));
        const partial = nextSnapshot(null, cut);
        const { text } = await runDemo({ framework, prompt: buildContinuePrompt(cut), snapshot: partial });
        const continued = nextSnapshot(partial, text);
        for (const file of complete.files)
          expect(fileContent(continued, file.name), file.name).toBe(file.content);
        expect(continued.files.map((file) => file.name).sort()).toEqual(
          complete.files.map((f) => f.name).sort(),
        );
        if (parseArtifactText(cut).files.some((file) => file.isIncomplete)) {
          expect(parseArtifactText(text).files[0]?.isContinue).toBe(true);
        }
      });
    }
  }

  it('closes out gracefully when it cannot tell what was cut', async () => {
    const snapshot = {
      title: 'Mystery',
      files: [{ name: 'src/App.tsx', content: 'export const x = 1', isLocked: false }],
    };
    const { text } = await runDemo({
      framework: 'react',
      prompt: buildContinuePrompt('<kilnFile name="src/App.tsx">\nexport const x = 1'),
      snapshot,
    });
    const parsed = parseArtifactText(text);
    expect(parsed.files).toEqual([]);
    expect(text).toContain("couldn't tell where the previous answer stopped");
  });
});
