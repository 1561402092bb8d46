import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serializeSnapshot, type SnapshotFile } from '../../src/core/artifact/index.ts';
import { chats, messages, users } from '../../src/server/db/schema/index.ts';
import type { PreviewState } from '../../src/server/preview/index.ts';
import { createTestKiln } from './test-app.ts';

export type TestKiln = Awaited<ReturnType<typeof createTestKiln>>;

/**
 * One pnpm store (and metadata cache) for every test run on this machine, so template
 * dependencies are fetched once; each test Kiln links its data folder's store to it.
 */
export const SHARED_PNPM = path.join(os.tmpdir(), 'kiln-test-pnpm');

export async function createPreviewKiln(env: Record<string, string> = {}): Promise<TestKiln> {
  const kiln = await createTestKiln({ KILN_BUILD_TIMEOUT_MS: '240000', ...env });
  linkSharedPnpm(kiln.dataDir);
  return kiln;
}

/** Points a test Kiln's pnpm store and cache at the run's shared ones (or those under `pnpmDir`). */
export function linkSharedPnpm(dataDir: string, pnpmDir = SHARED_PNPM): void {
  for (const name of ['pnpm-store', 'pnpm-cache']) {
    const shared = path.join(pnpmDir, name);
    fs.mkdirSync(shared, { recursive: true });
    fs.symlinkSync(shared, path.join(dataDir, name));
  }
}

export async function createUser(kiln: TestKiln): Promise<string> {
  const id = randomUUID();
  await kiln.services.db.insert(users).values({ id, fullName: 'Preview Tester', email: `${id}@example.com` });
  return id;
}

/** A chat with one finished version whose snapshot holds exactly `files`. */
export async function createVersion(
  kiln: TestKiln,
  options: {
    userId: string;
    framework: string;
    files: (Pick<SnapshotFile, 'name' | 'content'> & Partial<Pick<SnapshotFile, 'binary'>>)[];
    isPrivate?: boolean;
    finishReason?: 'stop' | 'length' | 'error' | null;
    chatId?: string;
    version?: number;
  },
): Promise<{ chatId: string; version: number }> {
  const chatId = options.chatId ?? randomUUID();
  const version = options.version ?? 1;
  const { db } = kiln.services;
  if (!options.chatId) {
    await db.insert(chats).values({
      id: chatId,
      userId: options.userId,
      slug: `preview-${chatId}`,
      framework: options.framework,
      isPrivate: options.isPrivate ?? false,
    });
  }
  const artifactCode = serializeSnapshot({
    title: 'Test version',
    files: options.files.map((file) => ({ ...file, isLocked: false })),
  });
  await db.insert(messages).values([
    { id: randomUUID(), chatId, userId: options.userId, role: 'user', version, content: 'make it' },
    {
      id: randomUUID(),
      chatId,
      userId: options.userId,
      role: 'assistant',
      version,
      content: artifactCode,
      artifactCode,
      finishReason: options.finishReason === undefined ? 'stop' : options.finishReason,
    },
  ]);
  return { chatId, version };
}

/**
 * A React version holding one migration file (`name`, `sql`): its ids and its assistant message's
 * id, which run-migration asks for.
 */
export async function migrationVersion(
  kiln: TestKiln,
  userId: string,
  migration: { name: string; sql: string },
): Promise<{ chatId: string; version: number; messageId: string }> {
  const { chatId, version } = await createVersion(kiln, {
    userId,
    framework: 'react',
    files: [
      { name: 'src/App.tsx', content: 'export default function App() { return null; }' },
      { name: migration.name, content: migration.sql },
    ],
  });
  const [message] = await kiln.services.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.chatId, chatId), eq(messages.role, 'assistant'), eq(messages.version, version)));
  return { chatId, version, messageId: message!.id };
}

/** A version of `files` (createVersion's options), built: its ids and the state it ended in. */
export async function buildVersion(
  kiln: TestKiln,
  options: Parameters<typeof createVersion>[1],
): Promise<{ chatId: string; version: number; state: PreviewState }> {
  const { chatId, version } = await createVersion(kiln, options);
  await kiln.services.preview.requestBuild(chatId, version);
  return { chatId, version, state: await waitForBuild(kiln, chatId, version) };
}

/** Polls the state until it leaves the build steps. */
export async function waitForBuild(
  kiln: TestKiln,
  chatId: string,
  version: number,
  timeoutMs = 240_000,
): Promise<PreviewState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await kiln.services.preview.getState(chatId, version);
    if (!['initializing', 'processing', 'starting', 'idle'].includes(state.status)) return state;
    if (Date.now() > deadline) throw new Error(`build of ${chatId}-${version} still ${state.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export function previewHost(chatId: string, version: number): string {
  return `${chatId}-${version}.preview.localhost`;
}

/** The blank template's files of a framework, with one file replaced or added. */
export function templateWith(
  framework: string,
  changes: Record<string, string | null>,
): { name: string; content: string }[] {
  const root = path.join(import.meta.dirname, '..', '..', 'templates', framework);
  const out: { name: string; content: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      if (entry.isDirectory()) walk(full);
      else
        out.push({
          name: path.relative(root, full).split(path.sep).join('/'),
          content: fs.readFileSync(full, 'utf8'),
        });
    }
  };
  walk(root);
  const files = out.filter((file) => !(file.name in changes));
  for (const [name, content] of Object.entries(changes)) if (content !== null) files.push({ name, content });
  return files;
}
