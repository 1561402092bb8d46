/**
 * The real-answers harness (issue 33 item 6): answers written by real models
 * (tests/fixtures/real-answers, origin and licence in its manifest) go through Kiln's real
 * generation path — the fake OpenAI-protocol model streams each recorded answer, turn by turn, to
 * POST /api/components — then through the real preview pipeline into Chromium (the browser part
 * is real-projects-harness's), which must show the entry's text with no page or console error.
 * Used by tests/integration/real-answers.test.ts and `npm run bench -- real-answers`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { and, asc, eq } from 'drizzle-orm';
import { chromium, type Browser } from 'playwright-core';
import { z } from 'zod';
import { parseArtifactText } from '../../src/core/artifact/index.ts';
import { grantPremium } from '../../src/server/billing/subscriptions.ts';
import { messages } from '../../src/server/db/schema/index.ts';
import type { PreviewState } from '../../src/server/preview/index.ts';
import { chunkText, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { freePort } from '../support/free-port.ts';
import { createKilnWithFakeLlm } from './generation-helpers.ts';
import { linkSharedPnpm, waitForBuild, type TestKiln } from './preview-helpers.ts';
import { limiter, renderInBrowser } from './real-projects-harness.ts';
import { TestClient } from './test-app.ts';

export const ANSWERS_DIR = path.join(import.meta.dirname, '..', 'fixtures', 'real-answers');

/** The failure classes an entry may exhibit (README.md of the corpus says what each one is). */
export const FAILURE_CLASSES = [
  'no-package-json',
  'undeclared-import',
  'deps-in-prose',
  'own-package-json-no-build-config',
  'config-without-entry',
  'entry-outside-template',
  'vue-ref-not-imported',
  'relative-import-case-or-extension',
  'unknown-icon-name',
  'stray-closing-tag',
  'tailwind3-config',
  'tailwind3-directives',
  'tailwind3-play-cdn',
  'follow-up-edit-adds-import',
  'missing-local-module',
  'missing-provider',
  'framework-syntax-error',
  'undefined-variable',
  'svelte4-event-syntax',
  'cdn-script',
  'external-assets',
] as const;

const entrySchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  framework: z.enum(['html', 'react', 'vue', 'svelte', 'angular']),
  name: z.string(),
  /** The user's prompt of each turn: one (answer.md) or one per follow-up file (1.md, 2.md…). */
  prompts: z.array(z.string().min(1)).min(1),
  expect: z.object({
    /** Text the rendered page must show (case-insensitive, whitespace-normalized). */
    text: z.array(z.string()).default([]),
    /** CSS selectors that must be visible (a chart's canvas has no text). */
    selectors: z.array(z.string()).default([]),
    /** Computed styles the page must have (a Tailwind 3 config's colour, issue 39). */
    styles: z.array(z.object({ selector: z.string(), property: z.string(), value: z.string() })).default([]),
  }),
  classes: z.array(z.enum(FAILURE_CLASSES)),
  origin: z.object({
    /** recorded | recorded + written follow-up | written to reproduce */
    kind: z.enum(['recorded', 'recorded + written follow-up', 'written to reproduce']),
    repository: z.string().optional(),
    path: z.string().optional(),
    commit: z.string().optional(),
    model: z.string().optional(),
    /** Anything else that pins the answer down (a sample index, a constant's name, a verdict). */
    sample: z.number().optional(),
    constant: z.string().optional(),
    benchmarkVerdict: z.string().optional(),
    followUps: z.string().optional(),
    /** For answers written to reproduce: what real behaviour they reproduce. */
    reproduces: z.string().optional(),
  }),
  licence: z.string(),
  licenceFile: z.string().optional(),
  /** How the recorded answer was put into Kiln's markup. */
  conversion: z.string().optional(),
  /**
   * Why this answer does not build and render in Kiln today (the build log's or the browser's
   * cause). The test then expects it to fail; whoever fixes the cause deletes this field.
   */
  knownFailure: z.string().optional(),
});

export type RealAnswer = z.infer<typeof entrySchema>;

export function loadAnswers(): RealAnswer[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(ANSWERS_DIR, 'manifest.json'), 'utf8')) as unknown;
  const entries = z.object({ answers: z.array(entrySchema) }).parse(manifest).answers;
  for (const entry of entries) answerTexts(entry);
  return entries;
}

/** The model's answer of each turn: answer.md alone, or 1.md, 2.md… (one per prompt). */
export function answerTexts(entry: RealAnswer): string[] {
  const dir = path.join(ANSWERS_DIR, entry.id);
  const single = path.join(dir, 'answer.md');
  const files =
    entry.prompts.length === 1 && fs.existsSync(single)
      ? [single]
      : entry.prompts.map((_, index) => path.join(dir, `${index + 1}.md`));
  const missing = files.filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `${entry.id}: ${entry.prompts.length} prompt(s) but no ${missing.map((file) => path.basename(file)).join(', ')}`,
    );
  }
  return files.map((file) => fs.readFileSync(file, 'utf8'));
}

export interface AnswerResult {
  id: string;
  framework: string;
  /** The entry's chat and its last version (the zip and a push read it). */
  chatId: string;
  version: number;
  built: boolean;
  rendered: boolean;
  /** The stored version carries a note of Kiln's own ('Kiln added lucide-react …'). */
  repairedByKiln: boolean;
  kilnNotes: string[];
  /** Requests the model got beyond one per turn (repair rounds, a re-asked edit). */
  rounds: number;
  /** Last version finished → the preview left its build steps (ready or error). */
  buildMs: number;
  state: PreviewState;
  /** Page and console errors, failed local requests, missing text, styles that differ. */
  problems: string[];
}

/**
 * Kiln's own notes in the stored answers of a chat: text lines (outside files) starting with
 * "Kiln " that the model did not write in any of its answers.
 */
export function kilnNotesOf(stored: readonly string[], modelAnswers: readonly string[]): string[] {
  const lines = (text: string) =>
    parseArtifactText(text)
      .segments.filter((segment) => segment.type === 'text')
      .flatMap((segment) => segment.content.split('\n'))
      .map((line) => line.replace(/^[\s>*_-]+/, '').trim());
  const written = new Set(modelAnswers.flatMap(lines));
  return stored.flatMap(lines).filter((line) => line.startsWith('Kiln ') && !written.has(line));
}

export interface AnswersRun {
  kiln: TestKiln;
  llm: FakeLlm;
  /** The signed-in owner of every entry's chat. */
  client: TestClient;
  run(entry: RealAnswer): Promise<AnswerResult>;
  close(): Promise<void>;
}

/**
 * One Kiln (fake model, real preview pipeline, no repair rounds), one HTTP server and one
 * Chromium for the whole corpus; the pnpm store is the shared test store unless `pnpmDir`
 * names another.
 */
export async function startAnswersRun(
  options: { pnpmDir?: string; env?: Record<string, string> } = {},
): Promise<AnswersRun> {
  const port = await freePort();
  const { kiln, llm } = await createKilnWithFakeLlm('openai', {
    PORT: String(port),
    // The real sandbox, never the unprivileged fallback.
    KILN_SANDBOX: 'bwrap',
    // An answer with its own dependencies installs cold; Angular takes minutes on 2 cores.
    KILN_BUILD_TIMEOUT_MS: '420000',
    // What Kiln does without the model: the corpus measures answers as the model wrote them.
    KILN_AUTOFIX_ROUNDS: '0',
    ...options.env,
  });
  linkSharedPnpm(kiln.dataDir, options.pnpmDir);
  kiln.services.preview.start();
  const server: ServerType = serve({ fetch: kiln.app.fetch, port, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

  const client = new TestClient(kiln);
  await client.signUp(`real-answers-${Date.now()}@example.com`);
  const me = await client.me();
  // The corpus is more versions than the free plan's month.
  await grantPremium(kiln.services.db, me.user!.id);

  // The fake model answers requests in order: one generation at a time keeps answers with their chats.
  const generating = limiter(1);

  /** Every turn of the entry through POST /api/components; the last version and the extra requests. */
  async function generate(entry: RealAnswer): Promise<{ chatId: string; version: number; rounds: number }> {
    const answers = answerTexts(entry);
    const created = await client.request('/api/chats', {
      method: 'POST',
      json: { prompt: entry.prompts[0], framework: entry.framework },
    });
    if (created.status !== 201) throw new Error(`create chat: ${created.status} ${await created.text()}`);
    const chat = (await created.json()) as { id: string };
    return generating(async () => {
      let version = 0;
      const before = llm.requests.length;
      for (const [turn, answer] of answers.entries()) {
        llm.enqueue({ chunks: chunkText(answer, 4096) });
        const form = new FormData();
        form.set('id', chat.id);
        form.set('prompt', entry.prompts[turn]!);
        const response = await client.request('/api/components', { method: 'POST', body: form });
        await response.text();
        if (response.status !== 200)
          throw new Error(`${entry.id} turn ${turn + 1}: generation ${response.status}`);
        await kiln.services.generation.settle();
        version = Number(response.headers.get('x-kiln-version'));
      }
      return { chatId: chat.id, version, rounds: llm.requests.length - before - answers.length };
    });
  }

  async function previewUrl(chatId: string, version: number): Promise<string> {
    const response = await client.request(`/api/chats/${chatId}/preview/${version}`);
    return ((await response.json()) as { url: string }).url;
  }

  /** Every stored answer of the chat (one per version), as Kiln keeps it. */
  async function storedAnswers(chatId: string): Promise<string[]> {
    const rows = await kiln.services.db
      .select({ content: messages.content })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.role, 'assistant')))
      .orderBy(asc(messages.version));
    return rows.map((row) => row.content);
  }

  return {
    kiln,
    llm,
    client,
    async run(entry) {
      const { chatId, version, rounds } = await generate(entry);
      const started = performance.now();
      const state = await waitForBuild(kiln, chatId, version, 480_000);
      const buildMs = performance.now() - started;
      const kilnNotes = kilnNotesOf(await storedAnswers(chatId), answerTexts(entry));
      const problems: string[] = [];
      const built = state.status === 'ready';
      if (built) {
        await renderInBrowser(browser, await previewUrl(chatId, version), entry.expect, problems, {
          strictConsole: true,
        });
      }
      return {
        id: entry.id,
        framework: entry.framework,
        chatId,
        version,
        built,
        rendered: built && problems.length === 0,
        repairedByKiln: kilnNotes.length > 0,
        kilnNotes,
        rounds,
        buildMs,
        state,
        problems,
      };
    },
    async close() {
      await browser.close();
      server.close();
      await kiln.close();
      await llm.close();
    },
  };
}
