import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client.ts';
import { HELD_BUILD_SCRIPT, heldBuilds, RELEASE } from '../faults/held-build.ts';
import { createVersion, templateWith, type TestKiln } from '../preview-helpers.ts';
import type { ClusterNode } from './node.ts';

/**
 * Builds the cluster test holds (tests/integration/faults/held-build.ts): the version's build
 * script writes half its output, leaves a marker in its workspace — in the data folder of the
 * worker that runs it, which says who built it — and finishes once the test releases it.
 */
export async function createHeldVersion(db: Database, userId: string, label: string) {
  const packageJson = JSON.parse(
    templateWith('react', {}).find((file) => file.name === 'package.json')!.content,
  );
  packageJson.scripts.build = 'node fault-build.mjs';
  return createVersion({ services: { db } } as unknown as TestKiln, {
    userId,
    framework: 'react',
    files: templateWith('react', {
      'package.json': JSON.stringify(packageJson, null, 2),
      'fault-build.mjs': HELD_BUILD_SCRIPT,
      // Each version's content is its own, so no build is answered from another's output.
      'src/cluster-label.txt': label,
    }),
  });
}

/** The held builds of each worker, until `count` are held in all (any order of arrival). */
export async function waitForHeld(
  workers: ClusterNode[],
  count: number,
  timeoutMs = 300_000,
): Promise<Map<ClusterNode, string[]>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const held = new Map(workers.map((worker) => [worker, heldBuilds(worker.dataDir)] as const));
    if ([...held.values()].flat().length >= count) return held;
    if (Date.now() > deadline)
      throw new Error(`only ${[...held.values()].flat().length} of ${count} builds held`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function release(workspace: string): void {
  fs.writeFileSync(path.join(workspace, RELEASE), '');
}

/** Releases every held build of these workers until `until` settles (a deploy's clean build). */
export async function releasingWhile<T>(workers: ClusterNode[], until: Promise<T>): Promise<T> {
  let isSettled = false;
  const settled = until.finally(() => (isSettled = true));
  while (!isSettled) {
    for (const worker of workers) for (const workspace of heldBuilds(worker.dataDir)) release(workspace);
    await Promise.race([settled.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  return settled;
}

export interface JobRecord {
  key: string;
  status: string;
  attempts: number;
  locked_by: string | null;
  lease_ms: number | null;
}

/** The queue's rows of a version's preview build (every job ever made for it). */
export async function previewJobs(db: Database, chatId: string, version: number): Promise<JobRecord[]> {
  const result = await db.execute(sql`
    select key, status, attempts, locked_by,
      (extract(epoch from (locked_until - updated_at)) * 1000)::int as lease_ms
    from jobs where key = ${`preview:${chatId}:${version}`} order by created_at`);
  return (result as unknown as { rows: JobRecord[] }).rows;
}

/** Polls the preview state through `web` until the build is over. */
export async function waitForPreview(
  request: () => Promise<Response>,
  timeoutMs = 300_000,
): Promise<{ status: string; error?: unknown }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request();
    const state = (await response.json()) as { status: string; error?: unknown };
    if (!['initializing', 'processing', 'starting', 'idle'].includes(state.status)) return state;
    if (Date.now() > deadline) throw new Error(`build still ${state.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
