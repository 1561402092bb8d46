import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureWebBundle } from '../../src/server/http/web-bundle.ts';
import { REPO_ROOT, WEB_ROOT } from '../../src/server/paths.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts';
import { startKilnProcess, type KilnProcess } from './kiln-process.ts';

/**
 * Kiln as a process with the demo model, and Chromium signed in to a premium account on its
 * editor (a plan whose version limit lets a benchmark add many versions to one chat).
 */
export interface PremiumEditor {
  kiln: KilnProcess;
  browser: Browser;
  page: Page;
  close(): Promise<void>;
}

const PREMIUM = { email: 'bench-premium@kiln.test', password: 'correct horse 1', name: 'Bench Premium' };

export async function startPremiumEditor(work: string): Promise<PremiumEditor> {
  await ensureWebBundle(REPO_ROOT, WEB_ROOT);
  const dataDir = path.join(work, 'kiln-data');
  fs.mkdirSync(dataDir, { recursive: true });
  // The embedded database allows one process per data folder: the admin CLI makes the account
  // before the server holds it (as playwright.config.ts does).
  const cli = (...args: string[]) =>
    execFileSync('npx', ['tsx', 'src/server/cli/kiln.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, KILN_DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: 'pipe',
    });
  cli('user', 'create', PREMIUM.email, '--name', PREMIUM.name, '--password', PREMIUM.password);
  cli('plan', 'grant', PREMIUM.email, 'premium');
  const kiln = await startKilnProcess(
    { KILN_MODEL: 'demo', KILN_DEMO_DELAY_MS: '0', DATABASE_URL: '' },
    { dataDir, previews: true },
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  const close = async () => {
    await browser.close();
    await kiln.stop();
  };
  try {
    const context = await browser.newContext({
      baseURL: kiln.origin,
      viewport: { width: 1400, height: 900 },
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(PREMIUM.email);
    await page.getByLabel('Password', { exact: true }).fill(PREMIUM.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/$/);
    return { kiln, browser, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A React component made from the home page, version 1 on screen. Returns its chat id. */
export async function createReactComponent(
  page: Page,
  prompt: string,
): Promise<{ id: string; slug: string }> {
  await page.goto('/');
  await page.getByRole('button', { name: /^Framework:/ }).click();
  await page.getByRole('menuitemradio', { name: 'React' }).click();
  await page.getByRole('textbox', { name: 'Describe what you want to build' }).fill(prompt);
  await page.keyboard.press('Enter');
  await waitForVersion(page, 1);
  const slug = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  const id = await page.evaluate(async (slug) => {
    const response = await fetch(`/api/chats/by-slug/${encodeURIComponent(slug)}`);
    return ((await response.json()) as { chat: { id: string } }).chat.id;
  }, slug);
  return { id, slug };
}

/** Waits until the answer of `version` is finished and selected in the editor. */
export async function waitForVersion(page: Page, version: number): Promise<void> {
  await page.waitForURL(new RegExp(`[?&]v=${version}\\b`), { timeout: 60_000 });
  await page.getByRole('article', { name: `Version #${version}` }).waitFor({ timeout: 60_000 });
}
