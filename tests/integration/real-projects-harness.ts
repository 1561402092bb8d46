/**
 * The preview-fidelity harness (issue 13): real projects that nobody on the team wrote
 * (tests/fixtures/real-projects) go through Kiln the way a model's answer does — the fake
 * OpenAI-protocol model streams each project's files as Kiln artifact markup to
 * POST /api/components — then through the real preview pipeline (bubblewrap, pnpm from the
 * registry into the shared test store) and into Chromium, which must show the project's text
 * with no page errors. Used by tests/integration/real-projects.test.ts and `npm run bench -- fidelity`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type Page, type Request as PlaywrightRequest } from 'playwright-core';
import { z } from 'zod';
import { grantPremium } from '../../src/server/billing/subscriptions.ts';
import type { PreviewState } from '../../src/server/preview/index.ts';
import { loadPreviewVersion } from '../../src/server/preview/versions.ts';
import { appManifestOf } from '../../src/server/app-servers/app-manifest.ts';
import { chunkText, startFakeLlm, type FakeLlm } from '../fixtures/fake-llm/server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { linkSharedPnpm, waitForBuild, type TestKiln } from './preview-helpers.ts';
import { createTestKiln, TestClient } from './test-app.ts';
import { freePort } from '../support/free-port.ts';
import { cdnReplay } from './cdn-replay.ts';

export const CORPUS_DIR = path.join(import.meta.dirname, '..', 'fixtures', 'real-projects');

const step = z.union([
  z.object({ fill: z.string(), value: z.string(), press: z.string().optional() }),
  z.object({ click: z.string() }),
]);

const interactionSchema = z.object({ steps: z.array(step).min(1), expect: z.array(z.string()).min(1) });

const project = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  framework: z.enum(['html', 'react', 'vue', 'svelte', 'angular']),
  name: z.string(),
  /** What the project stands for in the corpus: starter, router, state, ui-kit, chart, older-major... */
  traits: z.array(z.string()),
  origin: z.object({
    repository: z.string(),
    path: z.string().optional(),
    commit: z.string().optional(),
    /** A tag naming the commit, when the project is an older release. */
    ref: z.string().optional(),
    /** For generated projects: the generator's npm package and how it was run. */
    npm: z.string().optional(),
    integrity: z.string().optional(),
    command: z.string().optional(),
  }),
  licence: z.string(),
  licenceFile: z.string().optional(),
  /** What was changed after copying (only what the project's own generator would do). */
  changes: z.string().optional(),
  expect: z.object({
    /** Text the rendered page must show (case-insensitive, whitespace-normalized). */
    text: z.array(z.string()).default([]),
    /** CSS selectors that must be visible (a chart's canvas has no text). */
    selectors: z.array(z.string()).default([]),
    /**
     * Paths the project itself asks for but does not have (a 404 outside Kiln too), each with
     * the reason; any other local 404 is a problem.
     */
    missingInProject: z.record(z.string(), z.string()).default({}),
  }),
  interaction: interactionSchema.optional(),
  /**
   * Why this project does not work in Kiln today (the build log's or the browser's real cause).
   * The test then expects it to fail; whoever fixes the cause deletes this field.
   */
  knownFailure: z.string().optional(),
});

export type RealProject = z.infer<typeof project>;

export function loadCorpus(): RealProject[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(CORPUS_DIR, 'manifest.json'), 'utf8')) as unknown;
  return z.object({ projects: z.array(project) }).parse(manifest).projects;
}

export interface ProjectFileEntry {
  name: string;
  bytes: Buffer;
}

export function projectFiles(entry: RealProject): ProjectFileEntry[] {
  const root = path.join(CORPUS_DIR, entry.id);
  const files: ProjectFileEntry[] = [];
  const walk = (dir: string) => {
    for (const dirent of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, dirent.name);
      if (dirent.isDirectory()) walk(full);
      else
        files.push({
          name: path.relative(root, full).split(path.sep).join('/'),
          bytes: fs.readFileSync(full),
        });
    }
  };
  walk(root);
  return files;
}

/** Bytes that are not UTF-8 text (images, icons) travel base64-encoded in the markup. */
function isBinary(bytes: Buffer): boolean {
  if (bytes.includes(0)) return true;
  return !Buffer.from(bytes.toString('utf8'), 'utf8').equals(bytes);
}

/**
 * The model's answer for a project: every file as a `<kilnFile>`, binary files with
 * `encoding="base64"` (the markup for bytes in model output).
 */
export function answerFor(entry: RealProject, files: ProjectFileEntry[]): string {
  const body = files
    .map((file) =>
      isBinary(file.bytes)
        ? `<kilnFile name="${file.name}" encoding="base64">\n${file.bytes.toString('base64')}\n</kilnFile>`
        : `<kilnFile name="${file.name}">\n${file.bytes.toString('utf8')}\n</kilnFile>`,
    )
    .join('\n');
  return `Here is ${entry.name}.\n<kilnArtifact title="${entry.name}">\n${body}\n</kilnArtifact>\n`;
}

export interface ProjectResult {
  id: string;
  framework: string;
  built: boolean;
  rendered: boolean;
  /** Version finished → the preview left its build steps (ready or error). */
  buildMs: number;
  state: PreviewState;
  /** Page errors, failed module loads, failed local requests, missing text, broken images. */
  problems: string[];
}

/** At most `limit` tasks at a time. */
export function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export interface FidelityRun {
  kiln: TestKiln;
  run(entry: RealProject): Promise<ProjectResult>;
  close(): Promise<void>;
}

/**
 * One Kiln (fake model, real preview pipeline), one HTTP server and one Chromium for the whole
 * corpus. The pnpm store and metadata cache are the shared test store unless `pnpmDir` names
 * another (an empty one for a cold run).
 */
export async function startFidelityRun(options: { pnpmDir?: string } = {}): Promise<FidelityRun> {
  const llm: FakeLlm = await startFakeLlm();
  const port = await freePort();
  const kiln = await createTestKiln({
    KILN_MODEL: 'openai:fake-model',
    OPENAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: llm.openaiBaseUrl,
    PORT: String(port),
    // The real sandbox, never the unprivileged fallback.
    KILN_SANDBOX: 'bwrap',
    // Cold installs of a whole corpus project (Angular, webpack) take minutes on 2 cores.
    KILN_BUILD_TIMEOUT_MS: '420000',
    // No real project has exactly a template's dependencies, so standbys would only idle.
    KILN_PREVIEW_STANDBY: 'false',
  });
  linkSharedPnpm(kiln.dataDir, options.pnpmDir);
  kiln.services.preview.start();
  const server: ServerType = serve({ fetch: kiln.app.fetch, port, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

  const client = new TestClient(kiln);
  await client.signUp(`fidelity-${Date.now()}@example.com`);
  const me = await client.me();
  // The corpus is more versions than the free plan's month.
  await grantPremium(kiln.services.db, me.user!.id);

  // The fake model answers requests in order: one generation at a time keeps answers with their chats.
  const generating = limiter(1);

  async function generate(entry: RealProject): Promise<{ chatId: string; version: number }> {
    const created = await client.request('/api/chats', {
      method: 'POST',
      json: { prompt: `Make ${entry.name}`, framework: entry.framework },
    });
    if (created.status !== 201) throw new Error(`create chat: ${created.status} ${await created.text()}`);
    const chat = (await created.json()) as { id: string };
    return generating(async () => {
      llm.enqueue({ chunks: chunkText(answerFor(entry, projectFiles(entry)), 4096) });
      const form = new FormData();
      form.set('id', chat.id);
      form.set('prompt', `Make ${entry.name}`);
      const response = await client.request('/api/components', { method: 'POST', body: form });
      await response.text();
      if (response.status !== 200) throw new Error(`generation: ${response.status}`);
      await kiln.services.generation.settle();
      return { chatId: chat.id, version: Number(response.headers.get('x-kiln-version')) };
    });
  }

  async function previewUrl(chatId: string, version: number): Promise<string> {
    const response = await client.request(`/api/chats/${chatId}/preview/${version}`);
    return ((await response.json()) as { url: string }).url;
  }

  async function hasServer(chatId: string, version: number): Promise<boolean> {
    const loaded = await loadPreviewVersion(kiln.services.db, chatId, version);
    const outputDir = loaded ? await kiln.services.preview.outputDirOf(loaded) : null;
    return (outputDir ? await appManifestOf(outputDir) : null)?.kind === 'server';
  }

  /** Deploys the version on a subdomain named after the entry; its address, or why not. */
  async function deploy(
    entry: RealProject,
    chatId: string,
    version: number,
  ): Promise<string | { error: string }> {
    const subdomain = `fidelity-${entry.id}`.slice(0, 40);
    const response = await client.request(`/api/chats/${chatId}/deployment`, {
      method: 'POST',
      json: { subdomain, version },
    });
    if (response.status !== 200)
      return { error: `deploy answered ${response.status}: ${await response.text()}` };
    return `http://${subdomain}.localhost:${port}/`;
  }

  const render = (entry: RealProject, url: string, problems: string[]) =>
    renderInBrowser(
      browser,
      url,
      { ...entry.expect, ...(entry.interaction ? { interaction: entry.interaction } : {}) },
      problems,
    );

  return {
    kiln,
    async run(entry) {
      const { chatId, version } = await generate(entry);
      const started = performance.now();
      const state = await waitForBuild(kiln, chatId, version, 480_000);
      const buildMs = performance.now() - started;
      const problems: string[] = [];
      const built = state.status === 'ready';
      if (built) await render(entry, await previewUrl(chatId, version), problems);
      // A server-rendered project (issue 22): its deployment runs its own server too.
      if (built && problems.length === 0 && (await hasServer(chatId, version))) {
        const site = await deploy(entry, chatId, version);
        if (typeof site === 'string') {
          const siteProblems: string[] = [];
          await render(entry, site, siteProblems);
          problems.push(...siteProblems.map((problem) => `deployment: ${problem}`));
        } else problems.push(`deployment: ${site.error}`);
      }
      return {
        id: entry.id,
        framework: entry.framework,
        built,
        rendered: built && problems.length === 0,
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

/** What a rendered page must show (a real project's `expect`, a real answer's `expect`). */
export interface PageExpectations {
  /** Text the rendered page must show (case-insensitive, whitespace-normalized). */
  text: string[];
  /** CSS selectors that must be visible. */
  selectors: string[];
  /** Local paths the project asks for without having them (a 404 that is not Kiln's). */
  missingInProject?: Record<string, string>;
  /** Computed styles: the look a page must have (a Tailwind colour from the answer's config). */
  styles?: { selector: string; property: string; value: string }[];
  interaction?: z.infer<typeof interactionSchema>;
}

export interface RenderOptions {
  /**
   * Every console error is a problem, not only failed modules and refused loads, except a
   * resource on another host failing to load (the closed network blocks it, not the page).
   * Images on other hosts may then fail too.
   */
  strictConsole?: boolean;
}

/** Whether an address is Kiln's (the only place the closed network reaches). */
export function isLocalAddress(address: string): boolean {
  const { hostname } = new URL(address);
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1';
}

/**
 * Opens `url` in a fresh context of `browser` on a closed network (only Kiln is reachable) and
 * pushes every problem it sees into `problems`: page errors, failed or refused local requests,
 * console errors (failed modules only unless `strictConsole`), missing text or selectors, broken
 * images, computed styles that differ, and a failed interaction.
 */
export async function renderInBrowser(
  browser: Browser,
  url: string,
  expect: PageExpectations,
  problems: string[],
  options: RenderOptions = {},
): Promise<void> {
  const context = await browser.newContext();
  // The closed network: the page may only reach Kiln (a CDN font is not the project's fault), and
  // the few CDN files replayed from the npm package that publishes them (cdn-replay.ts).
  await context.route('**/*', (route) => {
    const address = route.request().url();
    if (isLocalAddress(address)) return route.continue();
    const replayed = cdnReplay(address);
    return replayed
      ? route.fulfill({ status: 200, body: replayed.body, contentType: replayed.contentType })
      : route.abort('blockedbyclient');
  });
  const page: Page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Chromium ends some answered fetches in loadingFailed (net::ERR_ABORTED) while the page's
  // fetch resolves normally (a 204, SvelteKit's __data.json under route interception; see
  // microsoft/playwright#32752): a request that got its response is judged by its status below.
  const answered = new WeakSet<PlaywrightRequest>();
  // A request the page itself gives up ends as net::ERR_ABORTED: React Router's `<Link
  // prefetch="intent">` drops its prefetch when the link is clicked (a stress CI run), then fetches
  // the same URL for the navigation. It only counts when that URL was never answered.
  const abandoned = new Map<string, string>();
  const answeredUrls = new Set<string>();
  page.on('requestfailed', (request) => {
    if (!isLocalAddress(request.url()) || answered.has(request)) return;
    const failure = `request failed: ${request.resourceType()} ${request.url()} ${request.failure()?.errorText}`;
    if (request.failure()?.errorText === 'net::ERR_ABORTED') abandoned.set(request.url(), failure);
    else problems.push(failure);
  });
  const missingInProject = Object.keys(expect.missingInProject ?? {});
  page.on('response', (response) => {
    answered.add(response.request());
    if (response.status() < 400) answeredUrls.add(response.url());
    const type = response.request().resourceType();
    if (
      response.status() >= 400 &&
      isLocalAddress(response.url()) &&
      ['document', 'script', 'stylesheet', 'image', 'font', 'fetch', 'xhr'].includes(type) &&
      !/\/favicon\.(ico|png|svg)$/.test(new URL(response.url()).pathname) &&
      !missingInProject.some((missing) => new URL(response.url()).pathname.endsWith(missing))
    ) {
      problems.push(`HTTP ${response.status()}: ${type} ${response.url()}`);
    }
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (options.strictConsole) {
      const source = message.location().url;
      const blockedElsewhere =
        /^Failed to load resource/.test(text) && source !== '' && !isLocalAddress(source);
      if (!blockedElsewhere) problems.push(`console: ${text}`);
    } else if (/module script|dynamically imported module|Refused to/i.test(text)) {
      problems.push(`console: ${text}`);
    }
  });
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    for (const text of expect.text) await expectText(page, text, problems);
    for (const selector of expect.selectors) {
      await page
        .locator(selector)
        .first()
        .waitFor({ state: 'visible', timeout: 20_000 })
        .catch(() => problems.push(`not visible: ${selector}`));
    }
    // A broken image only counts once the browser has tried it (loaded or failed).
    await page
      .waitForFunction(() => Array.from(document.images).every((image) => image.complete), null, {
        timeout: 20_000,
      })
      .catch(() => problems.push('images still loading after 20 s'));
    const broken = await page.evaluate(() =>
      Array.from(document.images)
        .filter((image) => image.getAttribute('src') && image.complete && image.naturalWidth === 0)
        .map((image) => ({ src: image.getAttribute('src')!, url: image.currentSrc || image.src })),
    );
    for (const image of broken) {
      if (options.strictConsole && image.url && !isLocalAddress(image.url)) continue;
      problems.push(`broken image: ${image.src}`);
    }
    for (const style of expect.styles ?? []) {
      const actual = await page
        .locator(style.selector)
        .first()
        .evaluate(
          (element, property) => getComputedStyle(element).getPropertyValue(property),
          style.property,
          {
            timeout: 10_000,
          },
        )
        .catch(() => null);
      if (actual === null) problems.push(`not found for its style: ${style.selector}`);
      else if (actual.trim() !== style.value)
        problems.push(`style: ${style.selector} ${style.property} is ${actual.trim()}, not ${style.value}`);
    }
    if (expect.interaction && problems.length === 0) {
      for (const action of expect.interaction.steps) {
        if ('fill' in action) {
          const input = page.locator(action.fill).first();
          await input.fill(action.value, { timeout: 10_000 });
          if (action.press) await input.press(action.press);
        } else {
          await page.getByText(action.click, { exact: false }).first().click({ timeout: 10_000 });
        }
      }
      for (const text of expect.interaction.expect) await expectText(page, text, problems);
    }
  } catch (error) {
    problems.push(`browser: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    for (const [address, failure] of abandoned) if (!answeredUrls.has(address)) problems.push(failure);
    await context.close();
  }
}

async function expectText(page: Page, text: string, problems: string[]): Promise<void> {
  const pattern = new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s*'), 'i');
  await page
    .getByText(pattern)
    .first()
    .waitFor({ state: 'visible', timeout: 20_000 })
    .catch(() => problems.push(`text not shown: "${text}"`));
}

/** One line per project for logs and the benchmark: its status and the cause of a failure. */
export function describeResult(result: ProjectResult): string {
  const status = result.rendered
    ? 'rendered'
    : result.built
      ? 'built, not rendered'
      : `build ${result.state.status}`;
  const cause = result.built
    ? result.problems.join(' | ')
    : `${result.state.error?.title ?? ''}: ${errorLines(result.state.error?.content ?? '')}`;
  return `${result.id.padEnd(28)} ${status.padEnd(20)} ${String(Math.round(result.buildMs)).padStart(7)} ms  ${cause}`;
}

/** The lines of a build log that name an error (not its stack), else its last lines. */
function errorLines(log: string): string {
  const lines = log
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const errors = lines.filter(
    (line) => /error|cannot|not found|ERR_|failed/i.test(line) && !/^at /.test(line),
  );
  return (errors.length > 0 ? errors.slice(0, 4) : lines.slice(-4)).join(' ⏎ ');
}
