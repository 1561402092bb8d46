/**
 * `npm run bench -- editor-stream`: how long the editor blocks the main thread while a 2 MB
 * answer streams into the code view (Chromium, the built web app). Target: every task under
 * 200 ms. This was an e2e assertion once; a timing limit fails on a loaded CI machine, so it is
 * measured here (a few runs, the median of each run's longest task) instead.
 */
import { chromium } from 'playwright-core';
import { ensureWebBundle } from '../src/server/http/web-bundle.ts';
import { REPO_ROOT, WEB_ROOT } from '../src/server/paths.ts';
import { createEmptyChat, installBigAnswerStream } from '../tests/e2e/support/big-stream.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import { startKilnProcess } from './support/kiln-process.ts';
import { median, round } from './support/stats.ts';

const RUNS = 3;
const BYTES = 2_000_000;
const TARGET_MS = 200;

export default async function run(): Promise<void> {
  await ensureWebBundle(REPO_ROOT, WEB_ROOT);
  const kiln = await startKilnProcess({ KILN_MODEL: 'demo', DATABASE_URL: '' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  const longest: number[] = [];
  const counts: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({
        baseURL: kiln.origin,
        viewport: { width: 1400, height: 900 },
      });
      const page = await context.newPage();
      await page.goto('/signup');
      await page.getByLabel('Full name').fill('Bench User');
      await page.getByLabel('Email').fill(`bench.${Date.now()}.${i}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('analytical-engine-1843');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/$/);
      const chat = await createEmptyChat(page, 'A big table');
      await installBigAnswerStream(page, BYTES, { holdEnd: false });
      await page.goto(`/components/${chat.slug}`);
      await page.getByRole('radio', { name: 'Code' }).click();
      const prompt = page.getByRole('textbox', { name: 'Ask Kiln to change the component' });
      await prompt.fill('A table with a lot of rows');
      await page.waitForTimeout(500);
      await page.evaluate(() => ((window as unknown as { __longTasks: unknown[] }).__longTasks.length = 0));
      await prompt.press('Enter');
      await page.waitForFunction(() => (window as unknown as { __streamEnd?: number }).__streamEnd, null, {
        timeout: 120_000,
      });
      await page.getByText('Generating version...').waitFor({ state: 'hidden', timeout: 120_000 });
      // The tasks that started while the answer was streaming (what follows is the stored version).
      const tasks = await page.evaluate(() => {
        const w = window as unknown as {
          __longTasks: { start: number; duration: number }[];
          __streamEnd: number;
        };
        return w.__longTasks.filter((task) => task.start <= w.__streamEnd).map((task) => task.duration);
      });
      longest.push(tasks.reduce((a, b) => Math.max(a, b), 0));
      counts.push(tasks.length);
      await context.close();
    }
  } finally {
    await browser.close();
    await kiln.stop();
  }
  const result = {
    name: 'editor-stream',
    bytes: BYTES,
    runs: RUNS,
    longest_task_ms_median: round(median(longest)),
    long_tasks_median: median(counts),
    target_ms: TARGET_MS,
    meets_target: median(longest) < TARGET_MS,
  };
  console.log('| run | longest task (ms) | long tasks |');
  console.log('|---|---|---|');
  longest.forEach((ms, i) => console.log(`| ${i + 1} | ${round(ms)} | ${counts[i]} |`));
  console.log(`BENCH ${JSON.stringify(result)}`);
}
