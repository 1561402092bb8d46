import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/server/db/schema/index.ts';
import { loadPreviewVersion } from '../../src/server/preview/versions.ts';
import {
  createPreviewKiln,
  createUser,
  createVersion,
  previewHost,
  templateWith,
  waitForBuild,
  type TestKiln,
} from './preview-helpers.ts';

/** The workspaces of a framework's standbys (their overlay layers left out). */
function standbyWorkspaces(kiln: TestKiln, framework: string): string[] {
  return fs
    .readdirSync(path.join(kiln.dataDir, 'workspaces'))
    .filter((name) => name.startsWith(`standby-${framework}-`) && !name.endsWith('.layer'))
    .sort();
}

/** The bytes of Angular's persistent cache database below `dir` (a workspace, or a seed). */
function angularCacheDb(dir: string): Buffer {
  const found = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .find((name) => path.basename(name) === 'angular-compiler.db');
  if (!found) throw new Error(`no Angular cache in ${dir}`);
  return fs.readFileSync(path.join(dir, found));
}

async function timingsOf(kiln: TestKiln, chatId: string, version: number) {
  const [job] = await kiln.services.db
    .select({ result: jobs.result })
    .from(jobs)
    .where(eq(jobs.key, `preview:${chatId}:${version}`));
  return (job?.result as { timings?: Record<string, number> } | null)?.timings ?? {};
}

/** Every file below a built output folder, by relative path, with its bytes. */
function readTree(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(root, full)] = fs.readFileSync(full).toString('base64');
    }
  };
  walk(root);
  return out;
}

async function outputOf(kiln: TestKiln, chatId: string, version: number): Promise<Record<string, string>> {
  const loaded = await loadPreviewVersion(kiln.services.db, chatId, version);
  const dir = loaded && (await kiln.services.preview.outputDirOf(loaded));
  if (!dir) throw new Error(`no output for ${chatId}-${version}`);
  return readTree(dir);
}

const ANGULAR_APP = {
  'src/app/app.html': '<h1 class="text-3xl text-blue-600">Hello from the {{ title }} standby</h1>\n',
  'src/app/app.ts': `import { Component } from '@angular/core';\n\n@Component({ selector: 'app-root', templateUrl: './app.html' })\nexport class App {\n  protected readonly title = 'Angular';\n}\n`,
};

describe('standby builds (decision 0036): a sandboxed Vite or Angular CLI started before the version finishes', () => {
  let kiln: TestKiln;
  let userId: string;
  /** A Kiln without standbys, for builds through the regular path (install, then the script). */
  let regular: Promise<{ kiln: TestKiln; userId: string }> | undefined;
  const regularKiln = () =>
    (regular ??= (async () => {
      const other = await createPreviewKiln({ KILN_PREVIEW_STANDBY: 'false' });
      other.services.preview.start();
      await other.services.preview.standbysReady();
      return { kiln: other, userId: await createUser(other) };
    })());
  /** The output of `files` built through the regular path, after checking it took that path. */
  async function regularOutput(framework: string, files: ReturnType<typeof templateWith>) {
    const { kiln: other, userId: owner } = await regularKiln();
    const built = await createVersion(other, { userId: owner, framework, files });
    await other.services.preview.requestBuild(built.chatId, built.version);
    expect(await waitForBuild(other, built.chatId, built.version)).toEqual({ status: 'ready' });
    const timings = await timingsOf(other, built.chatId, built.version);
    expect(timings.standby).toBeUndefined();
    expect(timings.installMs).toBeGreaterThan(0);
    return outputOf(other, built.chatId, built.version);
  }
  beforeAll(async () => {
    // Builds through the standbys (decision 0036), which test Kilns have off unless asked.
    kiln = await createPreviewKiln({ KILN_PREVIEW_STANDBY: 'true' });
    kiln.services.preview.start();
    await kiln.services.preview.standbysReady();
    userId = await createUser(kiln);
  });
  afterAll(async () => {
    await kiln?.close();
    if (regular) await (await regular).kiln.close();
  });

  it('a version with its template’s dependencies builds in the standby, without an install', async () => {
    const files = templateWith('react', {
      'src/App.tsx': 'export default function App() { return <h1 className="text-3xl">From a standby</h1>; }',
    });
    const { chatId, version } = await createVersion(kiln, { userId, framework: 'react', files });
    // Issue 34 item 4: the preview is ready before anything else is done on this machine — its
    // standby's workspace is still there and the next standby is not being prepared yet.
    const before = standbyWorkspaces(kiln, 'react');
    expect(before).toHaveLength(1);
    let atReady: string[] | undefined;
    const unsubscribe = kiln.services.realtime.subscribe(chatId, (event) => {
      if (event.type === 'preview-ready') atReady = standbyWorkspaces(kiln, 'react');
    });
    await kiln.services.preview.requestBuild(chatId, version);
    expect(await waitForBuild(kiln, chatId, version)).toEqual({ status: 'ready' });
    unsubscribe();
    expect(atReady).toEqual(before);
    const timings = await timingsOf(kiln, chatId, version);
    expect(timings.standby).toBe(1);
    expect(timings.installMs).toBeUndefined();
    // Its runner had built the blank template once, in a folder of its own, before it was offered;
    // nothing of that build reaches the project's: the output is the regular path's, byte for byte.
    expect(timings.warmedUp).toBe(1);
    expect(await regularOutput('react', files)).toEqual(await outputOf(kiln, chatId, version));

    // The next version gets a fresh standby (refilled after the build) and is not built in the old one.
    await kiln.services.preview.standbysReady();
    const refilled = standbyWorkspaces(kiln, 'react').filter((name) => !before.includes(name));
    expect(refilled).toHaveLength(1);
    // No warm-up build is left where a project's build could see it.
    const home = fs.readdirSync(path.join(kiln.dataDir, 'workspaces', refilled[0]!, '.kiln-home'));
    expect(home.filter((name) => name.startsWith('warm-up-'))).toEqual([]);
    const next = await createVersion(kiln, {
      userId,
      framework: 'react',
      chatId,
      version: 2,
      files: templateWith('react', { 'src/App.tsx': 'export default function App() { return <p>Two</p>; }' }),
    });
    await kiln.services.preview.requestBuild(chatId, next.version);
    expect(await waitForBuild(kiln, chatId, next.version)).toEqual({ status: 'ready' });
  }, 120_000);

  it('a syntax error is classified exactly as in a regular build', async () => {
    await kiln.services.preview.standbysReady();
    const { chatId, version } = await createVersion(kiln, {
      userId,
      framework: 'vue',
      files: templateWith('vue', {
        'src/App.vue': '<template><h1>Broken</h1></template>\n<script setup lang="ts">\nconst = ;\n</script>',
      }),
    });
    await kiln.services.preview.requestBuild(chatId, version);
    const state = await waitForBuild(kiln, chatId, version);
    expect(state.status).toBe('error');
    expect(state.error?.title).toBe('Syntax Error');
    // Built in the standby: the log has the build's words and no install (pnpm's "Done in …").
    expect(state.error?.content).toContain('error during build');
    expect(state.error?.content).not.toMatch(/Done in \d/);
  });

  it('a project with other dependencies takes the regular path (install, then build)', async () => {
    await kiln.services.preview.standbysReady();
    const files = templateWith('svelte', {});
    const manifest = files.find((file) => file.name === 'package.json')!;
    const parsed = JSON.parse(manifest.content);
    parsed.devDependencies = { ...parsed.devDependencies };
    delete parsed.devDependencies['@tailwindcss/vite'];
    parsed.devDependencies['@tailwindcss/vite'] = parsed.devDependencies['@tailwindcss/vite'] ?? '^4.1.0';
    parsed.scripts.build = 'vite build --emptyOutDir';
    manifest.content = JSON.stringify(parsed, null, 2);
    const { chatId, version } = await createVersion(kiln, { userId, framework: 'svelte', files });
    await kiln.services.preview.requestBuild(chatId, version);
    expect(await waitForBuild(kiln, chatId, version)).toEqual({ status: 'ready' });
    const timings = await timingsOf(kiln, chatId, version);
    expect(timings.standby).toBeUndefined();
    expect(timings.installMs).toBeGreaterThan(0);
  });

  it('an Angular version builds in its standby (`ng build` preloaded) into the same output as the regular path', async () => {
    await kiln.services.preview.standbysReady();
    const files = templateWith('angular', ANGULAR_APP);
    const { chatId, version } = await createVersion(kiln, { userId, framework: 'angular', files });
    const workspaces = path.join(kiln.dataDir, 'workspaces');
    const [standby] = standbyWorkspaces(kiln, 'angular');
    const seed = fs.readdirSync(workspaces).find((name) => /^standby-seed-angular-[0-9a-f]+$/.test(name));
    expect(seed).toBeDefined();
    // Read at the ready event, before the standby's workspace is removed.
    let cacheAtReady: Buffer | undefined;
    const unsubscribe = kiln.services.realtime.subscribe(chatId, (event) => {
      if (event.type === 'preview-ready')
        cacheAtReady = angularCacheDb(path.join(workspaces, standby!, '.angular'));
    });
    await kiln.services.preview.requestBuild(chatId, version);
    expect(await waitForBuild(kiln, chatId, version)).toEqual({ status: 'ready' });
    unsubscribe();
    const timings = await timingsOf(kiln, chatId, version);
    expect(timings.standby).toBe(1);
    expect(timings.installMs).toBeUndefined();
    // Issue 34 item 4: the seeded cache was written by a build with a preview's options (source
    // maps), so this preview build found every Angular package linked and optimized there and
    // added nothing to it (a seed of other options misses each one, and the build writes them all).
    expect(cacheAtReady?.equals(angularCacheDb(path.join(workspaces, seed!)))).toBe(true);
    const fromStandby = await outputOf(kiln, chatId, version);
    expect(Object.keys(fromStandby)).toContain('index.html');
    const page = await kiln.app.request('/', { headers: { host: previewHost(chatId, version) } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<app-root></app-root>');
    expect(html).toMatch(/<base href="\/">/);
    const script = /src="(main-\w+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const bundle = await kiln.app.request(`/${script}`, { headers: { host: previewHost(chatId, version) } });
    expect(await bundle.text()).toContain('Hello from the ');

    // The same project through the regular path (install, then `ng build`) in a Kiln without
    // standbys: the very same files, byte for byte.
    expect(await regularOutput('angular', files)).toEqual(fromStandby);
  }, 300_000);

  it('an Angular type error in the standby is classified as in a regular `ng build`', async () => {
    await kiln.services.preview.standbysReady();
    const { chatId, version } = await createVersion(kiln, {
      userId,
      framework: 'angular',
      files: templateWith('angular', {
        ...ANGULAR_APP,
        'src/app/app.html': '<h1>{{ titel }}</h1>\n',
      }),
    });
    await kiln.services.preview.requestBuild(chatId, version);
    const state = await waitForBuild(kiln, chatId, version);
    expect(state.status).toBe('error');
    expect(state.error?.title).toBe('TypeScript Error');
    expect(state.error?.content).toContain("Property 'titel' does not exist");
    // Built in the standby: no install in the log (pnpm's "Done in …").
    expect(state.error?.content).not.toMatch(/Done in \d/);
  }, 300_000);
});
