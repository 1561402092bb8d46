/**
 * `npm run bench -- iteration [--runs=5]` (issue 17): what iterating costs.
 * - rebuild_ms: the preview of a version that changed one file of a built React project, ready
 *   after the answer ends (requestBuild → preview-ready), median of N follow-ups (goal ≤ 300 ms).
 * Prints `BENCH {"name":"iteration",…}`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SnapshotFile } from '../src/core/artifact/index.ts';
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
    const rebuild = round(await rebuildMs(runs, work), 0);
    console.log(`rebuild_ms ${rebuild} (one file changed in a built React project; goal ≤ 300)`);
    console.log(`BENCH ${JSON.stringify({ name: 'iteration', rebuild_ms: rebuild })}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
