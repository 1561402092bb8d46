/**
 * `npm run bench -- iteration [--runs=5]` (issue 17): what iterating costs.
 * - edit_output_ratio: over the demo catalogue's follow-ups in all five frameworks, the output
 *   characters of the edit answers ÷ those of the same answers with every edited file written in
 *   full (goal ≤ 0.2).
 * - rebuild_ms: the preview of a version that changed one file of a built React project, ready
 *   after the answer ends (requestBuild → preview-ready), median of N follow-ups (goal ≤ 300 ms).
 * - select_ms: in Chromium, a click on an element of a React preview (Select on) until its chip is
 *   in the editor's DOM, median of 10 selections of two elements in turn (goal ≤ 100 ms).
 * - restore_ms: POST …/versions/1/restore from the editor page until its answer, median of 10
 *   restores in a chat with two versions (goal ≤ 200 ms).
 * Prints `BENCH {"name":"iteration",…}`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  escapeAttribute,
  FILE_TAG,
  parseArtifactText,
  type Snapshot,
  type SnapshotFile,
} from '../src/core/artifact/index.ts';
import { FRAMEWORKS } from '../src/core/frameworks/index.ts';
import { nextSnapshot, runDemo } from '../src/server/ai/demo/testing.ts';
import type { Page } from 'playwright-core';
import { loadBlankTemplate } from '../src/server/templates/load.ts';
import { createReactComponent, startPremiumEditor, waitForVersion } from './support/premium-editor.ts';
import { harness } from './support/preview-harness.ts';
import { median, round } from './support/stats.ts';

/** A small real-looking React project: the template plus three components the app uses. */
async function reactProject(): Promise<SnapshotFile[]> {
  const files: SnapshotFile[] = (await loadBlankTemplate('react')).map((file) => ({ ...file }));
  const component = (name: string, text: string): SnapshotFile => ({
    isLocked: false,
    name: `src/components/${name}.tsx`,
    content: `export function ${name}() {\n  return (\n    <section className="p-8">\n      <h2 className="text-2xl font-bold">${text}</h2>\n      <p className="mt-2 text-slate-600">${text} for teams that ship.</p>\n    </section>\n  );\n}\n`,
  });
  const app = files.find((file) => file.name === 'src/App.tsx')!;
  app.content = `import { Hero } from './components/Hero';\nimport { Features } from './components/Features';\nimport { Footer } from './components/Footer';\n\nexport default function App() {\n  return (\n    <main>\n      <Hero />\n      <Features />\n      <Footer />\n    </main>\n  );\n}\n`;
  files.push(component('Hero', 'Plan your week'), component('Features', 'Everything in one place'));
  files.push(component('Footer', 'Made with Kiln'));
  return files;
}

/** First prompts from the demo catalogue, and the follow-ups people send most. */
const FIRST_PROMPTS = ['a landing page', 'a pricing table with three plans', 'a todo app', 'a dashboard'];
const FOLLOW_UPS = [
  'add a footer',
  'make it dark',
  "change the title to 'Fresh Bread Daily'",
  'Add a button that says "Book a call"',
  'make the buttons green',
  'add a section with testimonials',
];

/** The answer with each edited file written in full instead (what a whole-file model sends). */
function asWholeFiles(answer: string, next: Snapshot): string {
  let whole = answer;
  for (const file of parseArtifactText(answer).files) {
    if (!file.isEdit) continue;
    const content = next.files.find((candidate) => candidate.name === file.name)?.content ?? '';
    const element = new RegExp(
      `<${FILE_TAG} name="${escapeAttribute(file.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" action="edit">[\\s\\S]*?</${FILE_TAG}>`,
    );
    whole = whole.replace(
      element,
      () => `<${FILE_TAG} name="${escapeAttribute(file.name)}">\n${content}\n</${FILE_TAG}>`,
    );
  }
  return whole;
}

export async function editOutputRatio(): Promise<{ ratio: number; answers: number; edited: number }> {
  let editChars = 0;
  let wholeChars = 0;
  let answers = 0;
  let edited = 0;
  for (const framework of FRAMEWORKS) {
    for (const first of FIRST_PROMPTS) {
      const start = nextSnapshot(null, (await runDemo({ framework, prompt: first })).text);
      for (const prompt of FOLLOW_UPS) {
        const { text } = await runDemo({ framework, prompt, snapshot: start });
        const whole = asWholeFiles(text, nextSnapshot(start, text));
        if (whole !== text) edited++;
        editChars += text.length;
        wholeChars += whole.length;
        answers++;
      }
    }
  }
  return { ratio: editChars / wholeChars, answers, edited };
}

async function rebuildMs(runs: number, work: string): Promise<number> {
  const bench = await harness(path.join(work, 'rebuild'), { standby: true });
  try {
    const files = await reactProject();
    const { chatId } = await bench.version('react', 'iteration');
    await bench.nextVersion(chatId, 2, files);
    await bench.timeToReady(chatId, 2); // the built project (fills the store; not timed)
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      // The next follow-up arrives seconds after the last one: the standby is back by then.
      await bench.service.standbysReady();
      const hero = files.find((file) => file.name === 'src/components/Hero.tsx')!;
      hero.content = hero.content.replace(/Plan your week[^<]*/, `Plan your week ${i + 1}`);
      const version = i + 3;
      await bench.nextVersion(chatId, version, files);
      times.push(await bench.timeToReady(chatId, version));
    }
    return median(times);
  } finally {
    await bench.close();
  }
}

type BenchWindow = { __kilnBenchDown?: number; __kilnBenchClick?: number; __kilnBenchChip?: number };

/**
 * Runs in every frame before its own scripts: the preview's select bridge swallows pointerdown
 * (stopImmediatePropagation on window, capture), so only a listener registered before it sees
 * the click begin. Times are `timeOrigin + now()`, a clock the editor and the preview share.
 */
function recordPointer(): void {
  // No named inner functions: tsx would wrap them in a helper the page does not have.
  const w = window as unknown as BenchWindow;
  window.addEventListener(
    'pointerdown',
    () => (w.__kilnBenchDown = performance.timeOrigin + performance.now()),
    true,
  );
  window.addEventListener(
    'click',
    () => (w.__kilnBenchClick = performance.timeOrigin + performance.now()),
    true,
  );
}

/** In the editor: the moment a MutationObserver first sees the selection chip. */
function watchForChip(): void {
  const w = window as unknown as BenchWindow;
  w.__kilnBenchChip = undefined;
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[role="status"][aria-label^="Selected element: "]')) return;
    w.__kilnBenchChip = performance.timeOrigin + performance.now();
    observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

async function selectMs(page: Page, runs: number): Promise<{ ms: number; beforeClickMs: number }> {
  const frame = page.frameLocator('iframe[title^="Preview of"]').first();
  // Two elements in turn (the preview build marks them with their source location).
  const targets = [
    frame.locator('h1[data-kiln-loc], h2[data-kiln-loc]').first(),
    frame.locator('p[data-kiln-loc]').first(),
  ];
  for (const target of targets) await target.waitFor({ timeout: 180_000 });
  const select = page.getByRole('button', { name: 'Select', exact: true });
  const chip = page.getByRole('status', { name: /^Selected element: / });
  const overlay = frame.locator('[data-kiln-select-overlay]');
  const times: number[] = [];
  const beforeClick: number[] = [];
  for (let i = 0; i < runs; i++) {
    const target = targets[i % targets.length]!;
    await select.click();
    await page.getByRole('button', { name: 'Select', exact: true, pressed: true }).waitFor();
    // Hovering outlines the element once the preview has heard Select is on.
    await target.hover({ position: { x: 8, y: 8 } });
    await overlay.waitFor({ state: 'visible' });
    await page.evaluate(watchForChip);
    await target.evaluate(() => {
      const w = window as unknown as BenchWindow;
      w.__kilnBenchDown = w.__kilnBenchClick = undefined;
    });
    await target.click({ position: { x: 8, y: 8 } });
    await chip.waitFor();
    const chipAt = await page.evaluate(() => (window as unknown as BenchWindow).__kilnBenchChip);
    const { down, click } = await target.evaluate(() => {
      const w = window as unknown as BenchWindow;
      return { down: w.__kilnBenchDown, click: w.__kilnBenchClick };
    });
    if (chipAt === undefined || down === undefined || click === undefined) {
      throw new Error('select_ms: a selection was not timed');
    }
    times.push(chipAt - down);
    beforeClick.push(click - down);
    await page.getByRole('button', { name: 'Remove the selected element' }).click();
    await chip.waitFor({ state: 'detached' });
  }
  return { ms: median(times), beforeClickMs: median(beforeClick) };
}

async function restoreMs(page: Page, chat: { id: string; slug: string }, runs: number): Promise<number> {
  const prompt = page.getByRole('textbox', { name: 'Ask Kiln to change the component' });
  await prompt.fill('make it dark');
  await prompt.press('Enter');
  await waitForVersion(page, 2);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const restored = await page.evaluate(async (chatId) => {
      const start = performance.now();
      const response = await fetch(`/api/chats/${encodeURIComponent(chatId)}/versions/1/restore`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      const body = (await response.json()) as { version?: number };
      return { ms: performance.now() - start, status: response.status, version: body.version };
    }, chat.id);
    if (restored.status !== 201 || restored.version !== i + 3) {
      throw new Error(`restore_ms: restore answered ${restored.status} (version ${restored.version})`);
    }
    times.push(restored.ms);
    // The next restore once the editor shows this one, as after 'Restore this version'.
    await page.goto(`/components/${chat.slug}?v=${restored.version}`);
    await waitForVersion(page, restored.version);
  }
  return median(times);
}

/** select_ms and restore_ms, in Chromium on Kiln with the demo model. */
async function editorTimes(work: string, runs: number) {
  const editor = await startPremiumEditor(path.join(work, 'editor'));
  try {
    await editor.page.context().addInitScript(recordPointer);
    const chat = await createReactComponent(editor.page, 'a landing page');
    const select = await selectMs(editor.page, runs);
    const restore = await restoreMs(editor.page, chat, runs);
    return { select, restore };
  } finally {
    await editor.close();
  }
}

export default async function run(args: string[]): Promise<void> {
  const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const runs = Number(option('runs') ?? 5);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-iteration-'));
  try {
    const edits = await editOutputRatio();
    const ratio = round(edits.ratio, 3);
    console.log(
      `edit_output_ratio ${ratio} over ${edits.answers} follow-up answers (${edits.edited} with edits; goal ≤ 0.2)`,
    );
    const rebuild = round(await rebuildMs(runs, work), 0);
    console.log(`rebuild_ms ${rebuild} (one file changed in a built React project; goal ≤ 300)`);
    const editor = await editorTimes(work, 10);
    const select = round(editor.select.ms, 0);
    console.log(
      `select_ms ${select} (pointerdown in a React preview → chip in the editor, median of 10; ` +
        `${round(editor.select.beforeClickMs, 0)} of them before the click event; goal ≤ 100)`,
    );
    const restore = round(editor.restore, 0);
    console.log(
      `restore_ms ${restore} (POST restore of version 1 from the editor, median of 10; goal ≤ 200)`,
    );
    console.log(
      `BENCH ${JSON.stringify({
        name: 'iteration',
        edit_output_ratio: ratio,
        select_ms: select,
        restore_ms: restore,
        rebuild_ms: rebuild,
      })}`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
