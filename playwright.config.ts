import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

const PORT = Number(process.env.KILN_E2E_PORT ?? 3199);
/** The DNS server tests/e2e/deployment.spec.ts starts (tests/support/dns-server.ts); Kiln verifies custom domains through it. */
const DNS_PORT = PORT + 10_000;
process.env.KILN_E2E_DNS_PORT = String(DNS_PORT);
/** The fake GitHub tests/e2e/github-sync.spec.ts starts (tests/support/fake-github/); Kiln's code-hosting sync talks to it. */
const GITHUB_PORT = PORT + 11_000;
const GITHUB_URL = `http://127.0.0.1:${GITHUB_PORT}`;
process.env.KILN_E2E_GITHUB_PORT = String(GITHUB_PORT);
/** The fake Stripe tests/e2e/billing.spec.ts starts (tests/support/fake-stripe/); Kiln's billing talks to it. */
const STRIPE_PORT = PORT + 12_000;
process.env.KILN_E2E_STRIPE_PORT = String(STRIPE_PORT);
// tests/e2e/clone.spec.ts's loopback website: the one private origin cloning may reach.
const CLONE_SITE_PORT = PORT + 13_000;
process.env.KILN_E2E_CLONE_SITE_PORT = String(CLONE_SITE_PORT);
/** The OAuth App's id alone: the device flow (a secret would also turn on Better Auth's GitHub sign-in). */
process.env.KILN_E2E_GITHUB_CLIENT_ID = 'Iv1.kilne2e';

/**
 * Specs run side by side on this many workers (each file in one worker, its tests in order),
 * all against one Kiln server: each spec makes its own accounts and chats (tests/e2e/support/).
 */
const WORKERS = Number(process.env.KILN_E2E_WORKERS ?? 2);

/** A premium account per worker, made with the admin CLI before the server starts (tests/e2e/support/accounts.ts). */
const PREMIUM = { email: 'premium-{n}@kiln.test', password: 'correct horse 1', name: 'Grace Hopper' };

// Every run gets an empty data folder, so tests never see another run's accounts. The config is
// loaded again in each worker: the folder made by the first load travels through the env.
if (!process.env.KILN_E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-e2e-'));
  process.env.KILN_E2E_DATA_DIR = dataDir;
  // The runner made it, so the runner removes it when it ends (after the server has stopped):
  // each run's folder holds builds and a database, ~450 MB, and runs add up (a full disk once).
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  // The embedded database allows one process per data folder, so the premium accounts are made
  // with the admin CLI now, while no server holds the folder (the CLI is the supported way).
  const kiln = (...args: string[]) =>
    execFileSync('npx', ['tsx', 'src/server/cli/kiln.ts', ...args], {
      env: { ...process.env, KILN_DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: 'pipe',
    });
  for (let worker = 0; worker < WORKERS; worker++) {
    const email = PREMIUM.email.replace('{n}', String(worker));
    kiln('user', 'create', email, '--name', PREMIUM.name, '--password', PREMIUM.password);
    kiln('plan', 'grant', email, 'premium');
  }
  process.env.KILN_E2E_PREMIUM_EMAIL = PREMIUM.email;
  process.env.KILN_E2E_PREMIUM_PASSWORD = PREMIUM.password;
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: WORKERS,
  // `.ci/run` sets KILN_CI_REPORT_DIR: a JSON report beside the list, for `npm run bench -- ci`.
  reporter: process.env.KILN_CI_REPORT_DIR
    ? [['list'], ['json', { outputFile: path.join(process.env.KILN_CI_REPORT_DIR, 'playwright.json') }]]
    : 'list',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace doubled the test browser's CPU (DOM snapshots and a screencast of every
    // action, for every test, kept or not), the largest cost of the e2e run (issue 32): only the
    // retry of a failed test records one (CI retries once); `--trace on` records them all locally.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_ARGS],
        },
      },
    },
  ],
  webServer: {
    command: 'npm start',
    url: `http://localhost:${PORT}/api/health`,
    // The demo model answers at once; DATABASE_URL empty keeps the embedded database.
    env: {
      PORT: String(PORT),
      KILN_DATA_DIR: process.env.KILN_E2E_DATA_DIR,
      KILN_DEMO_DELAY_MS: '1',
      KILN_MODEL: 'demo',
      // Warnings and errors only: an access line per request would bury the run's own report.
      KILN_LOG_LEVEL: process.env.KILN_LOG_LEVEL ?? 'warn',
      KILN_DNS_SERVERS: `127.0.0.1:${DNS_PORT}`,
      KILN_GITHUB_URL: GITHUB_URL,
      KILN_GITHUB_API_URL: GITHUB_URL,
      GITHUB_CLIENT_ID: process.env.KILN_E2E_GITHUB_CLIENT_ID,
      DATABASE_URL: '',
      // tests/e2e/integrations-flow.spec.ts connects a hosted database on 127.0.0.1 (refused otherwise).
      KILN_ALLOW_PRIVATE_INTEGRATIONS: 'true',
      // tests/e2e/clone.spec.ts clones a loopback website: that origin only (the SSRF guard refuses
      // 127.0.0.1 otherwise, and every other private address stays refused).
      KILN_CLONE_ALLOW_ORIGINS: `127.0.0.1:${CLONE_SITE_PORT}`,
      // Billing on (issue 18); the catalogue is made in the fake Stripe on first use.
      STRIPE_SECRET_KEY: 'sk_test_kiln_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_kiln_e2e',
      STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`,
      // The whole suite signs up, signs in and generates from one address, faster than people do;
      // limits stay on (Better Auth's in the database too) but far out of its reach.
      KILN_RATE_LIMITS: '*=100000/1m,generation-running=50,build-queue=500',
    },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
