import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/server/paths.ts';
// @ts-expect-error -- plain JavaScript run by `npm start` before any TypeScript exists (no types).
import { buildServer, isServerBuildStale } from '../../scripts/server-build.mjs';

const stale = isServerBuildStale as (root: string) => boolean;
const build = buildServer as (root: string) => Promise<void>;

/** A copy of what the server build reads (src/server, src/core) and runs with, in its own root. */
function copyRepo(root: string) {
  for (const dir of ['src/server', 'src/core', 'drizzle', 'templates']) {
    fs.cpSync(path.join(REPO_ROOT, dir), path.join(root, dir), { recursive: true });
  }
  fs.copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(root, 'package.json'));
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'));
}

/** An edit after the build (a moment later, so its time is past the build's). */
async function edit(file: string) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  fs.appendFileSync(file, '\n');
}

describe('npm start runs the server compiled to JavaScript (decision 0052)', () => {
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-compiled-'));
    copyRepo(root);
    await build(root);
  }, 120_000);
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('rebuilds when it is missing or a source changed after the build, and not otherwise', async () => {
    expect(stale(root)).toBe(false);
    // A changed module.
    await edit(path.join(root, 'src/server/config.ts'));
    expect(stale(root)).toBe(true);
    await build(root);
    expect(stale(root)).toBe(false);
    // A new file (its folder's time changes), then a changed rules module.
    await new Promise((resolve) => setTimeout(resolve, 20));
    fs.writeFileSync(path.join(root, 'src/server/lib/added.ts'), 'export const added = 1;\n');
    expect(stale(root)).toBe(true);
    await build(root);
    expect(fs.existsSync(path.join(root, 'dist/server/lib/added.js'))).toBe(true);
    await edit(path.join(root, 'src/core/artifact/index.ts'));
    expect(stale(root)).toBe(true);
    await build(root);
    // A removed file is gone from the next build too.
    await new Promise((resolve) => setTimeout(resolve, 20));
    fs.rmSync(path.join(root, 'src/server/lib/added.ts'));
    expect(stale(root)).toBe(true);
    await build(root);
    expect(fs.existsSync(path.join(root, 'dist/server/lib/added.js'))).toBe(false);
    // No output at all.
    fs.rmSync(path.join(root, 'dist/server'), { recursive: true });
    expect(stale(root)).toBe(true);
    await build(root);
  }, 120_000);

  it('several starts at once build once, and each finds a whole build', async () => {
    fs.mkdirSync(path.join(root, 'scripts'), { recursive: true });
    fs.copyFileSync(
      path.join(REPO_ROOT, 'scripts/server-build.mjs'),
      path.join(root, 'scripts/server-build.mjs'),
    );
    await edit(path.join(root, 'src/server/config.ts'));
    const run = () =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = spawn(process.execPath, ['scripts/server-build.mjs', '--if-stale'], { cwd: root });
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      });
    const results = await Promise.all([run(), run(), run()]);
    expect(results.map((result) => result.code)).toEqual([0, 0, 0]);
    expect(results.filter((result) => result.output.includes('Built the server')).length).toBe(1);
    expect(stale(root)).toBe(false);
    expect(fs.existsSync(path.join(root, 'dist/server/start.js'))).toBe(true);
    expect(fs.readdirSync(path.join(root, 'dist')).sort()).toEqual(['core', 'server']);
  }, 120_000);

  it('the compiled server starts with plain node (no TypeScript loader) and reads its files by path', async () => {
    // Files read by path from the compiled folders: data and runners are copied beside the modules.
    for (const file of [
      'dist/server/preview/standby-runner.mjs',
      'dist/server/preview/standby-runner-angular.mjs',
      'dist/server/ai/demo/catalogue/data/counter/angular.ts',
    ]) {
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    }
    const text = fs.readFileSync(path.join(root, 'dist/server/start.js'), 'utf8');
    expect(text).not.toMatch(/from "\.[^"]*\.ts"/);
    expect(text).toContain('//# sourceMappingURL=start.js.map');

    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-compiled-data-'));
    // The web app is not part of this copy: an empty built one keeps the start from building it.
    fs.mkdirSync(path.join(root, 'dist/web'), { recursive: true });
    fs.writeFileSync(path.join(root, 'dist/web/index.html'), '<!doctype html>');
    const child = spawn(process.execPath, [path.join(root, 'dist/server/start.js')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        KILN_DATA_DIR: dataDir,
        KILN_PREVIEW_STANDBY: 'false',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      let healthy = false;
      for (let i = 0; i < 600 && !healthy && child.exitCode === null; i++) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Healthy: the migrations (drizzle/) were found from dist/server/db.
      expect(healthy, output).toBe(true);
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it('the model thread starts from the compiled module itself (no tsx boot file)', async () => {
    const { parseConfig } = (await import(path.join(root, 'dist/server/config.js'))) as {
      parseConfig: (env: NodeJS.ProcessEnv) => { ai: unknown };
    };
    const { createModelWorker } = (await import(
      path.join(root, 'dist/server/generation/model-worker.js')
    )) as {
      createModelWorker: (
        ai: unknown,
        fallback: unknown,
      ) => {
        read: (prompt: unknown, signal: AbortSignal, onText: (text: string) => void) => Promise<unknown>;
        readonly threadId: number | null;
        close(): Promise<void>;
      };
    };
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-compiled-model-'));
    // No fallback: a thread that could not start would fail this read instead of passing it.
    const worker = createModelWorker(parseConfig({ KILN_DATA_DIR: dataDir }).ai, null);
    try {
      let text = '';
      const prompt = [{ role: 'user', content: [{ type: 'text', text: 'A counter' }] }];
      await worker.read(prompt, new AbortController().signal, (delta) => (text += delta));
      expect(worker.threadId).not.toBeNull();
      expect(text.length).toBeGreaterThan(0);
    } finally {
      await worker.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
