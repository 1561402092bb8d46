/**
 * A Vitest reporter for `.ci/run` (docs/rules/ci-budget.md): each test file's whole cost — its
 * import, its setup and every test and hook (`beforeAll` builds included, which Vitest's JSON
 * report leaves out) — written to `{KILN_CI_REPORT_DIR}/vitest-files.json` for
 * `npm run bench -- ci`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class FileTimingReporter implements Reporter {
  private readonly files: { file: string; s: number; wall_s: number }[] = [];
  private readonly started = new Map<string, number>();

  constructor(private readonly outputFile: string) {}

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const ms =
      d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    // The wall time from the file's start in its worker to its end: what it held a worker for,
    // hooks and waits included (the diagnostic's sum can miss time spent in suite hooks).
    const wall = Date.now() - (this.started.get(module.moduleId) ?? Date.now());
    this.files.push({
      file: module.moduleId,
      s: Math.round(ms / 100) / 10,
      wall_s: Math.round(wall / 100) / 10,
    });
  }

  onTestRunEnd(): void {
    fs.mkdirSync(path.dirname(this.outputFile), { recursive: true });
    fs.writeFileSync(this.outputFile, JSON.stringify({ files: this.files }));
  }
}
