/**
 * Renders the theme previews of the editor's theme sheet (spec §2: /daisy-themes/{theme}.png):
 * one sample component per daisyUI theme, drawn by Chromium with the same local daisyUI and
 * Tailwind browser build that HTML previews use. Run: npx tsx scripts/render-daisy-themes.ts
 * (needs Debian's /usr/bin/chromium, or CHROMIUM_PATH).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { DAISY_THEMES } from '../src/core/themes/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'src/web/public/daisy-themes');
// daisyui.css carries light and dark; themes.css every other theme.
const daisyCss = ['daisyui.css', 'themes.css']
  .map((file) => fs.readFileSync(path.join(root, 'node_modules/daisyui', file), 'utf8'))
  .join('\n');
const tailwindJs = fs.readFileSync(
  path.join(root, 'node_modules/@tailwindcss/browser/dist/index.global.js'),
  'utf8',
);

const WIDTH = 360;
const HEIGHT = 270;

/** A small dashboard card: surfaces, text, primary/secondary/accent and a few components. */
const SAMPLE = `
<div class="flex h-screen flex-col gap-3 bg-base-200 p-4 text-base-content">
  <div class="flex items-center justify-between rounded-box bg-base-100 px-3 py-2 shadow-sm">
    <span class="text-sm font-bold">Acme</span>
    <div class="flex gap-1.5">
      <span class="badge badge-primary badge-sm">New</span>
      <span class="badge badge-secondary badge-sm">Pro</span>
    </div>
  </div>
  <div class="card flex-1 bg-base-100 shadow-sm">
    <div class="card-body gap-2 p-4">
      <h2 class="card-title text-base">Monthly revenue</h2>
      <p class="text-xs opacity-70">Up 12% from last month</p>
      <progress class="progress progress-primary w-full" value="68" max="100"></progress>
      <progress class="progress progress-accent w-full" value="42" max="100"></progress>
      <div class="card-actions mt-auto justify-end">
        <button class="btn btn-ghost btn-sm">Later</button>
        <button class="btn btn-secondary btn-sm">Share</button>
        <button class="btn btn-primary btn-sm">Open</button>
      </div>
    </div>
  </div>
</div>`;

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
  for (const theme of DAISY_THEMES) {
    await page.setContent(
      `<!doctype html><html data-theme="${theme}"><head></head><body>${SAMPLE}</body></html>`,
    );
    await page.addStyleTag({ content: daisyCss });
    await page.addScriptTag({ content: tailwindJs });
    // The Tailwind browser build writes its styles on the next frames.
    await page.waitForFunction(() => document.querySelectorAll('style').length > 1);
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(outDir, `${theme}.png`) });
    console.log(`rendered ${theme}`);
  }
  await browser.close();
}

await main();
