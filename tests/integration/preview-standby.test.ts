import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/server/db/schema/index.ts';
import {
  createPreviewKiln,
  createUser,
  createVersion,
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

describe('standby builds (decision 0036): a sandboxed Vite started before the version finishes', () => {
  let kiln: TestKiln;
  let userId: string;
  beforeAll(async () => {
    kiln = await createPreviewKiln();
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
});
