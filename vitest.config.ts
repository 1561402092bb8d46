import { defineConfig } from 'vitest/config';

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
  },
});
