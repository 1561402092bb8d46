/**
 * Preview fidelity (issue 13): every project of the real-projects corpus, fed through the fake
 * model as a version, builds in the real sandbox and renders its text in Chromium with no page
 * errors. A project whose manifest entry names a `knownFailure` must still fail: when a fix makes
 * it pass, this test says so and the entry loses its `knownFailure`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeResult,
  limiter,
  loadCorpus,
  startFidelityRun,
  type FidelityRun,
  type ProjectResult,
} from './real-projects-harness.ts';

/** KILN_CORPUS_ONLY=id,id runs those projects alone (a local run); CI runs them all. */
const only = process.env.KILN_CORPUS_ONLY?.split(',').map((id) => id.trim());
const corpus = loadCorpus().filter((entry) => !only || only.includes(entry.id));
const unknown = only?.filter((id) => !corpus.some((entry) => entry.id === id)) ?? [];
if (unknown.length > 0) throw new Error(`KILN_CORPUS_ONLY names no such project: ${unknown.join(', ')}`);

describe('real projects build and render in Kiln (fake model → preview → Chromium)', () => {
  let run: FidelityRun;
  const results = new Map<string, ProjectResult>();
  let totalMs = 0;

  beforeAll(async () => {
    const started = performance.now();
    run = await startFidelityRun();
    // Two projects at a time: Kiln's worker builds two at once, and CI has two cores.
    const twoAtATime = limiter(2);
    await Promise.all(
      corpus.map((entry) =>
        twoAtATime(async () => {
          const result = await run.run(entry);
          results.set(entry.id, result);
          console.log(describeResult(result));
        }),
      ),
    );
    totalMs = performance.now() - started;
  }, 3_600_000);

  afterAll(async () => {
    const rendered = [...results.values()].filter((result) => result.rendered).length;
    console.log(`real projects: ${rendered}/${corpus.length} rendered in ${Math.round(totalMs / 1000)} s`);
    await run?.close();
  });

  for (const entry of corpus) {
    it(`${entry.framework}: ${entry.id}`, () => {
      const result = results.get(entry.id);
      expect(result, 'the project ran').toBeDefined();
      const summary = describeResult(result!);
      if (entry.knownFailure) {
        expect(result!.rendered, `fixed? remove knownFailure from manifest.json: ${summary}`).toBe(false);
      } else {
        expect(result!.problems, summary).toEqual([]);
        expect(result!.state, summary).toEqual({ status: 'ready' });
        expect(result!.rendered, summary).toBe(true);
      }
    });
  }
});
