/**
 * `npm run bench -- clone [--runs=7]`: issue 19's browser numbers.
 * - screenshot_ms: a version's screenshot with a warm browser (load the preview in-process,
 *   1280×800 JPEG, blob store, messages.screenshot), median of N, for an HTML version and a
 *   built React version. Target ≤ 1 s.
 * - analyse_ms: the website analysis of the loopback site (tests/fixtures/clone-site) through the
 *   warm browser — page, extraction, colours and fonts, 1280-wide JPEG — median of N. Target ≤ 3 s.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serializeSnapshot } from '../src/core/artifact/index.ts';
import { analyseWebsite } from '../src/server/clone/analyse.ts';
import { createFetchPage } from '../src/server/clone/fetch-page.ts';
import { startCloneSite } from '../tests/fixtures/clone-site/server.ts';
import { parseConfig } from '../src/server/config.ts';
import { chats, messages, users } from '../src/server/db/schema/index.ts';
import { createKiln, type Kiln } from '../src/server/main.ts';
import { median } from './support/stats.ts';

const HTML_PAGE = `<!doctype html><html><head><title>Bench</title>
<style>body{font-family:sans-serif;margin:0}header{background:#1e293b;color:#fff;padding:24px}
main{display:grid;grid-template-columns:repeat(3,1fr);gap:16px;padding:24px}
article{border:1px solid #ddd;border-radius:12px;padding:16px}</style></head>
<body><header><h1>Bench page</h1></header><main>${Array.from(
  { length: 12 },
  (_, i) => `<article><h2>Card ${i}</h2><p>Some text for card ${i}.</p></article>`,
).join('')}</main></body></html>`;

const REACT_APP = `export default function App() {
  return <main style={{ padding: 24 }}><h1>Bench app</h1>{Array.from({ length: 12 }, (_, i) => <p key={i}>Row {i}</p>)}</main>;
}
`;

function reactFiles(): { name: string; content: string }[] {
  const root = path.join(import.meta.dirname, '..', 'templates', 'react');
  const files: { name: string; content: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push({ name: path.relative(root, full), content: fs.readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  return files.map((file) => (file.name === 'src/App.tsx' ? { ...file, content: REACT_APP } : file));
}

/** A chat with one finished version of `files`: the target of a screenshot. */
async function version(
  kiln: Kiln,
  userId: string,
  framework: string,
  files: { name: string; content: string }[],
) {
  const chatId = randomUUID();
  const messageId = randomUUID();
  const artifactCode = serializeSnapshot({
    title: 'Bench',
    files: files.map((file) => ({ ...file, isLocked: false })),
  });
  const { db } = kiln.services;
  await db.insert(chats).values({ id: chatId, userId, slug: `bench-${chatId}`, framework });
  await db.insert(messages).values([
    { id: randomUUID(), chatId, userId, role: 'user', version: 1, content: 'make it' },
    {
      id: messageId,
      chatId,
      userId,
      role: 'assistant',
      version: 1,
      content: artifactCode,
      artifactCode,
      finishReason: 'stop',
    },
  ]);
  return { chatId, version: 1, messageId };
}

async function waitReady(kiln: Kiln, chatId: string): Promise<void> {
  for (let tries = 0; tries < 3000; tries++) {
    const state = await kiln.services.preview.getState(chatId, 1);
    if (state.status === 'ready') return;
    if (state.status === 'error') throw new Error(`build failed: ${JSON.stringify(state.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('build did not finish');
}

export default async function run(args: string[]): Promise<void> {
  const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 7);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-clone-'));
  // The clone analysis reaches the loopback site only with the private-address switch.
  const kiln = await createKiln(
    parseConfig({ KILN_DATA_DIR: dataDir, KILN_SECRET: 'c'.repeat(40), KILN_CLONE_ALLOW_PRIVATE: 'true' }),
    { inMemoryDatabase: true },
  );
  const site = await startCloneSite();
  try {
    const { screenshots, browser } = kiln.services;
    if (!(await browser.available())) throw new Error('No Chromium: set KILN_CHROMIUM_PATH');
    const userId = randomUUID();
    await kiln.services.db
      .insert(users)
      .values({ id: userId, fullName: 'Bench', email: `${userId}@example.com` });
    kiln.services.preview.start();

    // Warm the browser (first launch, not timed) on a version of its own.
    await screenshots.capture(
      await version(kiln, userId, 'html', [{ name: 'index.html', content: HTML_PAGE }]),
    );
    const time = async (target: { chatId: string; version: number; messageId: string }) => {
      const started = performance.now();
      if (!(await screenshots.capture(target))) throw new Error('screenshot was not taken');
      return performance.now() - started;
    };

    const html: number[] = [];
    for (let i = 0; i < runs; i++) {
      html.push(
        await time(await version(kiln, userId, 'html', [{ name: 'index.html', content: HTML_PAGE }])),
      );
    }

    // One React build (not timed); later versions of the same content are served from it.
    const files = reactFiles();
    const first = await version(kiln, userId, 'react', files);
    await kiln.services.preview.requestBuild(first.chatId, 1);
    await waitReady(kiln, first.chatId);
    await screenshots.idle();
    const react: number[] = [];
    for (let i = 0; i < runs; i++) react.push(await time(await version(kiln, userId, 'react', files)));

    // The clone analysis: the browser is warm from the screenshots above.
    const analyse: number[] = [];
    const deps = { browser, fetchPage: createFetchPage({ allowPrivate: true }) };
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const analysis = await analyseWebsite(
        `${site.url}/`,
        deps,
        async () => {},
        async () => {},
      );
      if (analysis.via !== 'browser' || !analysis.screenshot) throw new Error('the browser analysis failed');
      analyse.push(performance.now() - started);
    }
    const analyseMs = Math.round(median(analyse));

    const htmlMs = Math.round(median(html));
    const reactMs = Math.round(median(react));
    console.table({
      html: { screenshot_ms: htmlMs },
      react: { screenshot_ms: reactMs },
      clone: { analyse_ms: analyseMs },
    });
    console.log(
      `BENCH ${JSON.stringify({ name: 'clone', analyse_ms: analyseMs, screenshot_ms: Math.max(htmlMs, reactMs), screenshot_html_ms: htmlMs, screenshot_react_ms: reactMs })}`,
    );
  } finally {
    await site.close();
    await kiln.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
