/**
 * `npm run bench -- ci` (issue 32 item 1): runs `.ci/run` and prints how long each of its phases
 * took (system packages, npm ci, typecheck, lint, the smoke runs, npm test split into Vitest and
 * Playwright) and the 20 slowest test files of each suite, then
 * `BENCH {"name":"ci","total_s","phases":{…},"slowest":[…]}`. `--last` only reads the report of
 * the last run (`KILN_CI_REPORT_DIR`, default `$TMPDIR/kiln-ci-report`). docs/rules/ci-budget.md.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SLOWEST = 20;

interface Slow {
  suite: 'vitest' | 'playwright';
  file: string;
  s: number;
}

interface VitestReport {
  startTime?: number;
  testResults?: { name: string; startTime?: number; endTime?: number }[];
}

interface PlaywrightSuite {
  file?: string;
  specs?: { tests?: { results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  suites?: PlaywrightSuite[];
  stats?: { duration?: number };
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** A test file's path from the repository's root, wherever the run's checkout was. */
const shown = (file: string) => file.replace(/^.*?\/(?=(src|tests)\/)/, '');

/**
 * Vitest's files by their whole cost (file-timing-reporter.ts: import, setup, tests and hooks),
 * and the suite's wall time (first start to last end, from the JSON report).
 */
function vitestFiles(
  report: VitestReport | null,
  timings: { files?: { file: string; s: number }[] } | null,
): { files: Slow[]; wallS: number | null } {
  const results = report?.testResults ?? [];
  const files = (timings?.files ?? []).map((entry) => ({
    suite: 'vitest' as const,
    file: shown(entry.file),
    s: entry.s,
  }));
  const ends = results.map((result) => result.endTime ?? 0);
  const wallS = report?.startTime && ends.length > 0 ? seconds(Math.max(...ends) - report.startTime) : null;
  return { files, wallS };
}

/** Playwright's spec files by the sum of their tests' attempts. */
function playwrightFiles(report: PlaywrightReport | null): { files: Slow[]; wallS: number | null } {
  const byFile = new Map<string, number>();
  const walk = (suite: PlaywrightSuite, file: string | undefined) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) {
          if (here) byFile.set(here, (byFile.get(here) ?? 0) + (result.duration ?? 0));
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, undefined);
  const files = [...byFile].map(([file, ms]) => ({
    suite: 'playwright' as const,
    file: shown(file),
    s: seconds(ms),
  }));
  const duration = report?.stats?.duration;
  return { files, wallS: duration === undefined ? null : seconds(duration) };
}

export default async function run(args: string[]): Promise<void> {
  const reportDir = process.env.KILN_CI_REPORT_DIR ?? path.join(os.tmpdir(), 'kiln-ci-report');
  if (!args.includes('--last')) {
    const ran = spawnSync(path.join(REPO, '.ci', 'run'), {
      cwd: REPO,
      stdio: 'inherit',
      env: { ...process.env, KILN_CI_REPORT_DIR: reportDir },
    });
    if (ran.status !== 0) console.log(`\n.ci/run ended with ${ran.status ?? ran.signal}`);
  }
  const lines = fs.existsSync(path.join(reportDir, 'phases.jsonl'))
    ? fs.readFileSync(path.join(reportDir, 'phases.jsonl'), 'utf8').split('\n').filter(Boolean)
    : [];
  const phases: Record<string, number> = {};
  let totalS: number | null = null;
  for (const line of lines) {
    const entry = JSON.parse(line) as { phase?: string; s?: number; total_s?: number };
    if (entry.phase !== undefined && entry.s !== undefined) phases[entry.phase] = entry.s;
    if (entry.total_s !== undefined) totalS = entry.total_s;
  }
  const vitest = vitestFiles(
    readJson<VitestReport>(path.join(reportDir, 'vitest.json')),
    readJson<{ files?: { file: string; s: number }[] }>(path.join(reportDir, 'vitest-files.json')),
  );
  const playwright = playwrightFiles(readJson<PlaywrightReport>(path.join(reportDir, 'playwright.json')));
  if (vitest.wallS !== null) phases['npm test: vitest'] = vitest.wallS;
  if (playwright.wallS !== null) phases['npm test: playwright'] = playwright.wallS;

  console.log('\nphase                          seconds');
  for (const [name, s] of Object.entries(phases)) console.log(`${name.padEnd(30)} ${String(s).padStart(7)}`);
  console.log(`${'total'.padEnd(30)} ${String(totalS ?? '?').padStart(7)}`);
  const slowest = [vitest.files, playwright.files].flatMap((files) =>
    [...files].sort((a, b) => b.s - a.s).slice(0, SLOWEST),
  );
  for (const suite of ['vitest', 'playwright'] as const) {
    console.log(`\nslowest ${suite} files`);
    for (const entry of slowest.filter((item) => item.suite === suite)) {
      console.log(`${String(entry.s).padStart(8)} s  ${entry.file}`);
    }
  }
  console.log(`BENCH ${JSON.stringify({ name: 'ci', total_s: totalS, phases, slowest })}`);
}
