/**
 * `npm run bench -- iteration [--runs=5]` (issue 17): what iterating costs.
 * - edit_output_ratio: over the demo catalogue's follow-ups in all five frameworks, the output
 *   characters of the edit answers ÷ those of the same answers with every edited file written in
 *   full (goal ≤ 0.2).
 * - rebuild_ms: the preview of a version that changed one file of a built React project, ready
 *   after the answer ends (requestBuild → preview-ready), median of N follow-ups (goal ≤ 300 ms).
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
import { loadBlankTemplate } from '../src/server/templates/load.ts';
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
    console.log(
      `BENCH ${JSON.stringify({ name: 'iteration', edit_output_ratio: ratio, rebuild_ms: rebuild })}`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
