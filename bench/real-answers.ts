/**
 * `npm run bench -- real-answers [--only=id,id] [--cold]`: the real-answers corpus
 * (tests/fixtures/real-answers, issue 33 item 6) through Kiln — fake model streaming each
 * recorded answer, turn by turn → versions → sandboxed build → Chromium — two at a time, with no
 * repair rounds. Prints one line per answer (status, build time, the cause of a failure, Kiln's
 * notes) and
 * `BENCH {"name":"real-answers","answers":N,"built":B,"rendered":R,"repaired_by_kiln":K,"rounds":0}`,
 * where repaired_by_kiln counts the entries whose stored versions carry a note of Kiln's own
 * ("Kiln added lucide-react …") and rounds the model requests beyond one per turn.
 * The pnpm store is the shared test store (warm after a test run); `--cold` uses an empty one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  loadAnswers,
  startAnswersRun,
  type AnswerResult,
} from '../tests/integration/real-answers-harness.ts';
import { describeResult, limiter } from '../tests/integration/real-projects-harness.ts';

export default async function run(args: string[]): Promise<void> {
  const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const only = option('only')?.split(',');
  const corpus = loadAnswers().filter((entry) => !only || only.includes(entry.id));
  const coldStore = args.includes('--cold')
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-real-answers-'))
    : null;
  const answers = await startAnswersRun(coldStore ? { pnpmDir: coldStore } : {});
  const results: AnswerResult[] = [];
  const started = performance.now();
  try {
    const twoAtATime = limiter(2);
    await Promise.all(
      corpus.map((entry) =>
        twoAtATime(async () => {
          const result = await answers.run(entry);
          results.push(result);
          const notes = result.kilnNotes.length > 0 ? `  [${result.kilnNotes.join(' | ')}]` : '';
          console.log(`${describeResult(result)}${notes}`);
        }),
      ),
    );
  } finally {
    await answers.close();
    if (coldStore) fs.rmSync(coldStore, { recursive: true, force: true });
  }
  const built = results.filter((result) => result.built).length;
  const rendered = results.filter((result) => result.rendered).length;
  const repaired = results.filter((result) => result.repairedByKiln).length;
  const rounds = results.reduce((sum, result) => sum + result.rounds, 0);
  console.log(
    `\n${corpus.length} answers: ${built} built, ${rendered} rendered, ${repaired} repaired by Kiln, ` +
      `${Math.round((performance.now() - started) / 1000)} s in all (${coldStore ? 'cold' : 'shared'} store)`,
  );
  console.log(
    `BENCH ${JSON.stringify({
      name: 'real-answers',
      answers: corpus.length,
      built,
      rendered,
      repaired_by_kiln: repaired,
      rounds,
    })}`,
  );
}
