import { defineConfig } from 'vitest/config';

// Unit tests sit beside the code; server integration tests live in tests/integration, tests of
// the test fakes beside them in tests/support.
// End-to-end tests (tests/e2e) run under Playwright, not here.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'tests/support/**/*.test.ts'],
    globalSetup: ['tests/integration/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
