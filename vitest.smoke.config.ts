import { defineConfig } from 'vitest/config';

// The smoke run of every supported Node besides the one that runs the whole suite (issue 32
// item 2, docs/rules/ci-budget.md): what differs between Node versions — booting with `npm start`,
// one build of each framework in the sandbox, one generation, one app server — in minutes.
export default defineConfig({
  test: {
    include: ['tests/smoke/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
