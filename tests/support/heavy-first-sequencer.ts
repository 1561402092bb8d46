/**
 * Vitest's order, with the heaviest files first on a run that knows no durations yet (a clean
 * clone: CI). Vitest runs the slowest files first when its cache has their last durations, but a
 * clean clone has none and falls back to file size, so the 400 s real-projects file could start
 * last and hold one worker alone at the end of the run (docs/rules/ci-budget.md).
 */
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that held a worker longest on CI (2026-11-28, two workers), slowest first. */
export const HEAVY_FILES = [
  'tests/integration/real-projects.test.ts',
  'tests/integration/preview-templates.test.ts',
  'tests/integration/cluster/cluster.test.ts',
  'tests/integration/preview-standby.test.ts',
  'tests/integration/app-servers/server-project.test.ts',
  'tests/integration/preview-sandbox-limits.test.ts',
  'tests/integration/remix-preview.test.ts',
  'tests/integration/preview-build.test.ts',
  'tests/integration/real-answers.test.ts',
  'tests/integration/runtime-errors.test.ts',
];

export function heavyRank(moduleId: string): number {
  const rank = HEAVY_FILES.findIndex((file) => moduleId.endsWith(`/${file}`));
  return rank < 0 ? HEAVY_FILES.length : rank;
}

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = files.some((file) =>
      this.ctx.cache.getFileTestResults(
        `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`,
      ),
    );
    // A run with durations in the cache already starts with the slowest files.
    if (known) return sorted;
    return sorted.sort((a, b) => heavyRank(a.moduleId) - heavyRank(b.moduleId));
  }
}
