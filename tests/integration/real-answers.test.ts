/**
 * Real models' answers become working previews (issue 33 item 6): a sample of the real-answers
 * corpus (tests/fixtures/real-answers), each streamed by the fake model turn by turn through
 * POST /api/components, built in the real sandbox and rendered in Chromium with no page or
 * console error — the cheap ones (template dependencies, the standby builds) across the five
 * frameworks, follow-ups included. An entry whose manifest names a `knownFailure` must still
 * fail: when a fix makes it pass, this test says so and the entry loses its `knownFailure`.
 * The whole corpus: `npm run bench -- real-answers`.
 *
 * Over 30 s: a real build per entry and version (about a minute on an idle 2-core machine, most
 * of it the Angular follow-up's two builds), two at a time, with one Kiln and one Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAnswers, startAnswersRun, type AnswerResult, type AnswersRun } from './real-answers-harness.ts';
import { describeResult, limiter } from './real-projects-harness.ts';

/**
 * Six entries across the five frameworks, cheap to build (template dependencies, standby builds,
 * HTML with no build): recorded answers and answers written to reproduce, two follow-ups, classes
 * Kiln repairs (undeclared imports, Vue's missing ref import, Svelte 5 runes the compiler refuses)
 * and a page loading jQuery from its CDN (replayed on the closed network, cdn-replay.ts).
 */
const SAMPLE = [
  'html-s2c-apple-watch',
  'html-s2c-trivia-quiz',
  'svelte-derived-gpt-5-mini',
  'react-notes-lucide-router',
  'vue-tip-calculator-ref-not-imported',
  'angular-todo-forms-follow-up',
];

const corpus = loadAnswers();
const sample = SAMPLE.map((id) => {
  const entry = corpus.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`${id} is not in tests/fixtures/real-answers/manifest.json`);
  return entry;
});

describe('real models’ answers build and render in Kiln (fake model → versions → preview → Chromium)', () => {
  let run: AnswersRun;
  const results = new Map<string, AnswerResult>();
  let totalMs = 0;

  beforeAll(async () => {
    const started = performance.now();
    run = await startAnswersRun();
    // Two at a time: Kiln's worker builds two at once, and CI has two cores.
    const twoAtATime = limiter(2);
    await Promise.all(
      sample.map((entry) =>
        twoAtATime(async () => {
          const result = await run.run(entry);
          results.set(entry.id, result);
          console.log(describeResult(result));
        }),
      ),
    );
    totalMs = performance.now() - started;
  }, 1_800_000);

  afterAll(async () => {
    const rendered = [...results.values()].filter((result) => result.rendered).length;
    console.log(`real answers: ${rendered}/${sample.length} rendered in ${Math.round(totalMs / 1000)} s`);
    await run?.close();
  });

  for (const entry of sample) {
    it(`${entry.framework}: ${entry.id}`, () => {
      const result = results.get(entry.id);
      expect(result, 'the answer ran').toBeDefined();
      const summary = describeResult(result!);
      // Rounds are off: every model request is one of the entry's turns.
      expect(result!.rounds, summary).toBe(0);
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
