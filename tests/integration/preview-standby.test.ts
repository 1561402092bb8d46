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
  beforeAll(async () => {
    // Builds through the standbys (decision 0036), which test Kilns have off unless asked.
    kiln = await createPreviewKiln({ KILN_PREVIEW_STANDBY: 'true' });
    kiln.services.preview.start();
    await kiln.services.preview.standbysReady();
    userId = await createUser(kiln);
  });
  afterAll(async () => kiln?.close());

  it('a version with its template’s dependencies builds in the standby, without an install', async () => {
    const { chatId, version } = await createVersion(kiln, {
      userId,
      framework: 'react',
      files: templateWith('react', {
        'src/App.tsx':
          'export default function App() { return <h1 className="text-3xl">From a standby</h1>; }',
      }),
    });
    await kiln.services.preview.requestBuild(chatId, version);
    expect(await waitForBuild(kiln, chatId, version)).toEqual({ status: 'ready' });
    const timings = await timingsOf(kiln, chatId, version);
    expect(timings.standby).toBe(1);
    expect(timings.installMs).toBeUndefined();

    // The next version gets a fresh standby (refilled after the build) and is not built in the old one.
    await kiln.services.preview.standbysReady();
    const next = await createVersion(kiln, {
      userId,
      framework: 'react',
      chatId,
      version: 2,
      files: templateWith('react', { 'src/App.tsx': 'export default function App() { return <p>Two</p>; }' }),
    });
    await kiln.services.preview.requestBuild(chatId, next.version);
    expect(await waitForBuild(kiln, chatId, next.version)).toEqual({ status: 'ready' });
  });

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
    await kiln.services.preview.requestBuild(chatId, version);
    expect(await waitForBuild(kiln, chatId, version)).toEqual({ status: 'ready' });
    const timings = await timingsOf(kiln, chatId, version);
    expect(timings.standby).toBe(1);
    expect(timings.installMs).toBeUndefined();
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
    const regular = await createPreviewKiln({ KILN_PREVIEW_STANDBY: 'false' });
    try {
      regular.services.preview.start();
      await regular.services.preview.standbysReady();
      const regularUser = await createUser(regular);
      const other = await createVersion(regular, { userId: regularUser, framework: 'angular', files });
      await regular.services.preview.requestBuild(other.chatId, other.version);
      expect(await waitForBuild(regular, other.chatId, other.version)).toEqual({ status: 'ready' });
      const regularTimings = await timingsOf(regular, other.chatId, other.version);
      expect(regularTimings.standby).toBeUndefined();
      expect(regularTimings.installMs).toBeGreaterThan(0);
      expect(await outputOf(regular, other.chatId, other.version)).toEqual(fromStandby);
    } finally {
      await regular.close();
    }
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
