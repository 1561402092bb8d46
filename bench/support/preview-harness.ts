/**
 * A preview service on its own data folder and embedded database, for benchmarks: make versions
 * of a chat and time "version finished" (requestBuild) → "preview ready" (the preview-ready event).
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { serializeSnapshot, type SnapshotFile } from '../../src/core/artifact/index.ts';
import type { Framework } from '../../src/core/frameworks/index.ts';
import { parseConfig } from '../../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { chats, jobs, messages, users } from '../../src/server/db/schema/index.ts';
import { createPreviewService, type PreviewService } from '../../src/server/preview/index.ts';
import { createInProcessRealtime } from '../../src/server/realtime/in-process.ts';
import { createLocalBlobStore } from '../../src/server/storage/local-blob-store.ts';
import { loadBlankTemplate } from '../../src/server/templates/load.ts';

export type Built = Exclude<Framework, 'html'>;
export const ALL: Built[] = ['react', 'vue', 'svelte', 'angular'];
export const ENTRY: Record<Built, string> = {
  react: 'src/App.tsx',
  vue: 'src/App.vue',
  svelte: 'src/App.svelte',
  angular: 'src/app/app.ts',
};

export interface Harness {
  service: PreviewService;
  database: DatabaseHandle;
  userId: string;
  dataDir: string;
  version(framework: Framework, marker: string): Promise<{ chatId: string; version: number }>;
  /** Stores the next version of a chat with these files (as a finished answer would). */
  nextVersion(chatId: string, version: number, files: SnapshotFile[]): Promise<void>;
  timeToReady(chatId: string, version: number): Promise<number>;
  /**
   * The phase timings a build recorded (its job's result; the job completes just after the ready
   * event): `handlerMs` is the build job's own time up to the ready event. Empty for a cached one.
   */
  timingsOf(chatId: string, version: number): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export async function harness(dataDir: string, options: { standby: boolean }): Promise<Harness> {
  const config = parseConfig({
    KILN_DATA_DIR: dataDir,
    KILN_SECRET: 'b'.repeat(40),
    KILN_PREVIEW_STANDBY: String(options.standby),
  });
  const database = await openDatabase({ kind: 'pglite' });
  const realtime = createInProcessRealtime();
  const service = createPreviewService({
    config,
    db: database.db,
    databaseKind: 'pglite',
    realtime,
    secret: 'b'.repeat(40),
    templateFiles: loadBlankTemplate,
    blobs: createLocalBlobStore(path.join(dataDir, 'blobs')),
    prewarm: false,
    log: process.env.BENCH_DEBUG ? console.log : () => undefined,
  });
  service.start();
  const userId = randomUUID();
  await database.db.insert(users).values({ id: userId, email: `${userId}@bench.local` });
  return {
    service,
    database,
    userId,
    dataDir,
    async version(framework, marker) {
      const template = await loadBlankTemplate(framework);
      const files = template.map((file) => ({ ...file }));
      const entry = framework === 'html' ? 'index.html' : ENTRY[framework];
      const file = files.find((candidate) => candidate.name === entry)!;
      const changed = file.content.replace(/Blank (\w+) App/, `Bench $1 ${marker}`);
      // Unchanged content would be a cache hit and time nothing.
      if (changed === file.content) throw new Error(`${entry} has no 'Blank … App' title to change`);
      file.content = changed;
      const chatId = randomUUID();
      await database.db.insert(chats).values({ id: chatId, userId, slug: chatId, framework });
      const artifactCode = serializeSnapshot({ title: 'bench', files });
      await database.db.insert(messages).values({
        id: randomUUID(),
        chatId,
        role: 'assistant',
        version: 1,
        artifactCode,
        finishReason: 'stop',
      });
      return { chatId, version: 1 };
    },
    async nextVersion(chatId, version, files) {
      await database.db.insert(messages).values({
        id: randomUUID(),
        chatId,
        role: 'assistant',
        version,
        artifactCode: serializeSnapshot({ title: 'bench', files }),
        finishReason: 'stop',
      });
    },
    timeToReady(chatId, version) {
      return new Promise((resolve, reject) => {
        const started = performance.now();
        const unsubscribe = realtime.subscribe(chatId, (event) => {
          if (event.type === 'preview-ready') {
            unsubscribe();
            resolve(performance.now() - started);
          } else if (event.type === 'build-status' && event.status === 'error') {
            unsubscribe();
            reject(new Error(`${event.error?.title}: ${event.error?.content}`));
          }
        });
        service.requestBuild(chatId, version).catch(reject);
      });
    },
    async timingsOf(chatId, version) {
      const key = `preview:${chatId}:${version}`;
      for (let attempt = 0; attempt < 1000; attempt++) {
        const [job] = await database.db
          .select({ result: jobs.result })
          .from(jobs)
          .where(and(eq(jobs.key, key), eq(jobs.status, 'done')));
        if (job)
          return ((job.result as { timings?: Record<string, number> } | null)?.timings ?? {}) as Record<
            string,
            number
          >;
        await sleep(10);
      }
      throw new Error(`the build job ${key} did not finish`);
    },
    async close() {
      await service.close();
      await database.close();
    },
  };
}
