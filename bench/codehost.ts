/**
 * `npm run bench -- codehost [--runs=5]`: GitHub sync of a 200-file, 2 MB project against the
 * loopback GitHub (tests/support/fake-github: real git over `git http-backend`).
 * - push_ms: a new version pushed (commit built from the snapshot + `git push`), median of N.
 * - pull_ms: a commit made on GitHub pulled into a new version (fetch + read the tree), median.
 * Targets (issue 15): push ≤ 1.5 s, pull ≤ 1 s.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serializeSnapshot } from '../src/core/artifact/index.ts';
import { PLANS } from '../src/core/plans/index.ts';
import { grantPremium } from '../src/server/billing/subscriptions.ts';
import { parseConfig } from '../src/server/config.ts';
import { chats, messages, users } from '../src/server/db/schema/index.ts';
import type { RequestViewer } from '../src/server/http/viewer.ts';
import { createKiln } from '../src/server/main.ts';
import { startFakeGitHub } from '../tests/support/fake-github/server.ts';
import { median, round } from './support/stats.ts';

const FILES = 200;
const TOTAL_BYTES = 2 * 1024 * 1024;

/** 200 source-like files of ~10 KB: 2 MB of text that differs from file to file. */
function projectFiles(marker: string): { name: string; content: string }[] {
  const per = Math.floor(TOTAL_BYTES / FILES);
  return Array.from({ length: FILES }, (_, i) => {
    const line = `export const value${i} = ${JSON.stringify(`${marker} file ${i}`)}; // ${'x'.repeat(60)}\n`;
    return {
      name: i === 0 ? 'index.html' : `src/module-${i}.ts`,
      content: line.repeat(Math.ceil(per / line.length)).slice(0, per),
    };
  });
}

export default async function run(args: string[]): Promise<void> {
  const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.split('=')[1] ?? 5);
  const fake = await startFakeGitHub();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-bench-codehost-'));
  const kiln = await createKiln(
    parseConfig({
      KILN_DATA_DIR: dataDir,
      KILN_SECRET: 'c'.repeat(40),
      KILN_GITHUB_URL: fake.url,
      KILN_GITHUB_API_URL: fake.apiUrl,
    }),
    { inMemoryDatabase: true },
  );
  try {
    const { db } = kiln.services;
    const { connections, sync } = kiln.services.codeHost;
    const userId = randomUUID();
    await db.insert(users).values({ id: userId, email: `${userId}@bench.local`, fullName: 'Bench' });
    await grantPremium(db, userId);
    const viewer: RequestViewer = {
      user: { id: userId, name: 'Bench', email: `${userId}@bench.local` },
      plan: PLANS.premium,
      isPremium: true,
      periodStart: new Date(),
    };
    const { token } = fake.createUser('bench');
    await connections.withToken(userId, token);
    const chatId = randomUUID();
    await db.insert(chats).values({ id: chatId, userId, slug: `bench-${chatId}`, framework: 'html' });
    let version = 0;
    const addVersion = async (marker: string) => {
      version++;
      const code = serializeSnapshot({
        title: 'Bench',
        files: projectFiles(marker).map((f) => ({ ...f, isLocked: false })),
      });
      await db.insert(messages).values([
        { id: randomUUID(), chatId, userId, role: 'user', version, content: `bench ${marker}` },
        {
          id: randomUUID(),
          chatId,
          userId,
          role: 'assistant',
          version,
          content: code,
          artifactCode: code,
          finishReason: 'stop',
        },
      ]);
      return version;
    };
    await sync.createRepo(viewer, chatId, { name: 'bench-project', private: true });
    await sync.push(viewer, chatId, { version: await addVersion('first'), force: false });

    const pushes: number[] = [];
    const pulls: number[] = [];
    for (let i = 0; i < runs; i++) {
      const next = await addVersion(`push ${i}`);
      let started = performance.now();
      await sync.push(viewer, chatId, { version: next, force: false });
      pushes.push(performance.now() - started);

      await fake.commitDirectly(
        'bench',
        'bench-project',
        'main',
        { [`src/module-${i + 1}.ts`]: `export const edited = ${i};\n` },
        `Edit ${i}`,
      );
      started = performance.now();
      const pulled = await sync.pull(viewer, chatId);
      pulls.push(performance.now() - started);
      if (pulled.version === null) throw new Error('the pull made no version');
      version = pulled.version;
    }
    console.log(`push  ${pushes.map((ms) => Math.round(ms)).join(', ')} ms`);
    console.log(`pull  ${pulls.map((ms) => Math.round(ms)).join(', ')} ms`);
    console.log(
      `BENCH ${JSON.stringify({ name: 'codehost', push_ms: round(median(pushes)), pull_ms: round(median(pulls)), files: FILES })}`,
    );
  } finally {
    await kiln.close();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
