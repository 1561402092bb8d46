import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import FileTimingReporter from './tests/support/file-timing-reporter.ts';
import HeavyFirstSequencer from './tests/support/heavy-first-sequencer.ts';

/** `.ci/run` sets it: the run's JSON report, read back by `npm run bench -- ci` (docs/rules/ci-budget.md). */
const reportDir = process.env.KILN_CI_REPORT_DIR;

// Unit tests sit beside the code; server integration tests live in tests/integration, tests of
// the test fakes beside them in tests/support, the deployment kit's (Docker files, backups) in tests/ops.
// End-to-end tests (tests/e2e) run under Playwright, not here.
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'tests/support/**/*.test.ts',
      'tests/ops/**/*.test.ts',
    ],
    globalSetup: ['tests/integration/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A worker keeps its modules from one test file to the next: each file re-importing the server
    // (~4.5 s of transform and import) and compiling PGlite's WebAssembly again cost ~500 s of a
    // clean-clone run (issue 32). So no test may leave module or global state behind: a test that
    // changes a global (fetch, process.env) restores it, and services live in the Kiln a file creates.
    isolate: false,
    // Two workers at least: one (Vitest's default on CI's 2 cores, a core per worker but one) left
    // the machine ~37 % idle, as most files wait on a build, a server or PGlite in one thread; two
    // ran the suite in 914 s instead of 1,328 s, all green (issue 32). KILN_VITEST_WORKERS sets it.
    maxWorkers: Number(process.env.KILN_VITEST_WORKERS) || Math.max(2, os.availableParallelism() - 1),
    // The heaviest files first when no durations are cached (a clean clone), so no long file
    // starts last and holds one worker alone at the end.
    sequence: { sequencer: HeavyFirstSequencer },
    reporters: reportDir
      ? [
          'default',
          ['json', { outputFile: path.join(reportDir, 'vitest.json') }],
          new FileTimingReporter(path.join(reportDir, 'vitest-files.json')),
        ]
      : ['default'],
  },
});
