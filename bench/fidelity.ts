/**
 * `npm run bench -- fidelity [--only=id,id] [--cold]`: the real-projects corpus
 * (tests/fixtures/real-projects) through Kiln — fake model → version → sandboxed build →
 * Chromium — two at a time, as the integration test runs it. Prints one line per project
 * (status, build time, the cause of a failure) and
 * `BENCH {"name":"fidelity","projects":N,"built":N,"rendered":N,"p50_build_ms":X}`, where the
 * build time is "version finished → preview ready" of the projects that built (HTML pages need
 * no build and are left out of it).
 * The pnpm store is the shared test store (warm after a test run); `--cold` uses an empty one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  describeResult,
  limiter,
  loadCorpus,
  startFidelityRun,
  type ProjectResult,
} from '../tests/integration/real-projects-harness.ts';
import { median, round } from './support/stats.ts';

export default async function run(args: string[]): Promise<void> {
  const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const only = option('only')?.split(',');
  const corpus = loadCorpus().filter((entry) => !only || only.includes(entry.id));
  const coldStore = args.includes('--cold')
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-fidelity-'))
    : null;
  // An empty store in place of the shared one: every dependency is fetched from the registry.
  const fidelity = await startFidelityRun(coldStore ? { pnpmDir: coldStore } : {});
  const results: ProjectResult[] = [];
  const started = performance.now();
  try {
    const twoAtATime = limiter(2);
    await Promise.all(
      corpus.map((entry) =>
        twoAtATime(async () => {
          const result = await fidelity.run(entry);
          results.push(result);
          console.log(describeResult(result));
        }),
      ),
    );
  } finally {
    await fidelity.close();
    if (coldStore) fs.rmSync(coldStore, { recursive: true, force: true });
  }
  const built = results.filter((result) => result.built);
  const rendered = results.filter((result) => result.rendered);
  const buildMs = built.filter((result) => result.framework !== 'html').map((result) => result.buildMs);
  console.log(
    `\n${corpus.length} projects: ${built.length} built, ${rendered.length} rendered, ` +
      `${Math.round((performance.now() - started) / 1000)} s in all (${coldStore ? 'cold' : 'shared'} store)`,
  );
  console.log(
    `BENCH ${JSON.stringify({
      name: 'fidelity',
      projects: corpus.length,
      built: built.length,
      rendered: rendered.length,
      p50_build_ms: buildMs.length > 0 ? round(median(buildMs), 0) : null,
    })}`,
  );
}
