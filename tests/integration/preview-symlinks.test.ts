import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPreviewVersion } from '../../src/server/preview/versions.ts';
import {
  createPreviewKiln,
  createUser,
  createVersion,
  previewHost,
  waitForBuild,
  type TestKiln,
} from './preview-helpers.ts';

/**
 * Issue 12 item 1 (docs/rules/serving-build-output.md): a build runs generated code in the
 * sandbox, but the server reads its output outside it. A link in the output must never make the
 * server read a file of its own: its environment, the data folder's secret, /etc, another
 * workspace. The stored output holds regular files and folders only, and serving never follows
 * a link, even one placed into the stored output after the build.
 */
describe('build output with links is never served through them', () => {
  let kiln: TestKiln;
  let userId: string;
  /** Byte strings that must appear in no response. */
  let secrets: string[];
  let secretPath: string;
  let siblingDir: string;

  beforeAll(async () => {
    kiln = await createPreviewKiln({ KILN_PREVIEW_STANDBY: 'false' });
    kiln.services.preview.start();
    userId = await createUser(kiln);
    // The data folder's secret, as Kiln writes it when KILN_SECRET is not set.
    secretPath = path.join(kiln.dataDir, 'secret');
    const secret = randomBytes(32).toString('hex');
    fs.writeFileSync(secretPath, secret, { mode: 0o600 });
    // Another build's workspace next to this one.
    siblingDir = path.join(kiln.dataDir, 'workspaces', 'sibling-build');
    fs.mkdirSync(path.join(siblingDir, 'dist'), { recursive: true });
    const sibling = `sibling-${randomBytes(16).toString('hex')}`;
    fs.writeFileSync(path.join(siblingDir, 'canary.txt'), sibling);
    fs.writeFileSync(path.join(siblingDir, 'dist', 'index.html'), sibling);
    // The server process's own environment, as /proc/self/environ shows it (API keys live here).
    const environ = fs.readFileSync('/proc/self/environ', 'latin1');
    const entries = environ.split('\0').filter((entry) => entry.length >= 12);
    expect(entries.length).toBeGreaterThan(0);
    const passwd = fs.readFileSync('/etc/passwd', 'latin1').split('\n')[0]!;
    secrets = [secret, sibling, passwd, ...entries];
  });
  afterAll(async () => kiln?.close());

  /** A project without dependencies whose `build` script is `build.sh` (fast: no real bundler). */
  async function versionBuiltBy(script: string) {
    const packageJson = { name: 'links', private: true, scripts: { dev: 'true', build: 'sh build.sh' } };
    const { chatId, version } = await createVersion(kiln, {
      userId,
      framework: 'react',
      files: [
        { name: 'package.json', content: JSON.stringify(packageJson, null, 2) },
        // A build config file, so the snapshot counts as complete (no template merged in).
        { name: 'vite.config.js', content: 'export default {};\n' },
        { name: 'build.sh', content: `set -e\n${script}` },
      ],
    });
    await kiln.services.preview.requestBuild(chatId, version);
    const state = await waitForBuild(kiln, chatId, version);
    return { chatId, version, state };
  }

  async function fetchFromPreview(chatId: string, version: number, pathname: string) {
    const response = await kiln.app.request(pathname, { headers: { host: previewHost(chatId, version) } });
    const body = Buffer.from(await response.arrayBuffer()).toString('latin1');
    for (const secret of secrets) {
      expect(body.includes(secret), `${pathname} leaks ${secret.slice(0, 24)}…`).toBe(false);
    }
    return { status: response.status, body, type: response.headers.get('content-type') };
  }

  it('a build whose output links to /proc/self/environ, /etc, the secret and a sibling workspace is refused', async () => {
    const { chatId, version, state } = await versionBuiltBy(`
mkdir -p dist/assets
printf '<!doctype html><title>links</title><p>links</p>' > dist/index.html
printf 'console.log(1)' > dist/assets/app.js
ln -s /proc/self/environ dist/env.txt
ln -s /etc dist/etc
ln -s /etc/passwd dist/passwd.txt
ln -s ${secretPath} dist/secret.txt
ln -s ../../../secret dist/assets/relative-secret.txt
ln -s ${path.join(siblingDir, 'canary.txt')} dist/sibling.txt
ln -s ${siblingDir} dist/sibling
mkfifo dist/fifo
`);
    expect(state.status).toBe('error');
    expect(state.error?.title).toBe('Build Error');
    // The log names what was refused and why, so the user (or the model) can fix the script.
    expect(state.error?.content).toMatch(/env\.txt → \/proc\/self\/environ \(symbolic link\)/);
    expect(state.error?.content).toMatch(/etc → \/etc \(symbolic link\)/);
    expect(state.error?.content).toMatch(/fifo \(FIFO\)/);
    for (const secret of secrets) expect(state.error?.content ?? '').not.toContain(secret);
    expect(await storedOutput(chatId, version)).toBeNull();

    for (const pathname of [
      '/env.txt',
      '/etc/passwd',
      '/etc/hostname',
      '/passwd.txt',
      '/secret.txt',
      '/assets/relative-secret.txt',
      '/sibling.txt',
      '/sibling/canary.txt',
      '/sibling/dist/index.html',
      '/fifo',
    ]) {
      const served = await fetchFromPreview(chatId, version, pathname);
      // Refused: every path shows the build error page, never a file.
      expect(served.body, pathname).toContain('Build Error');
    }
  }, 240_000);

  it('hard links are stored as fresh copies; links placed into the stored output later are 404', async () => {
    const { chatId, version, state } = await versionBuiltBy(`
mkdir -p dist/assets
printf '<!doctype html><title>ok</title><p>hard links</p>' > dist/index.html
printf 'console.log("app")' > dist/assets/app.js
ln dist/assets/app.js dist/assets/same.js
ln package.json dist/package.json
`);
    expect(state).toEqual({ status: 'ready' });
    const stored = (await storedOutput(chatId, version))!;
    expect(stored).not.toBeNull();
    // Each stored file is an inode of its own: nothing the build made (or still holds) is shared.
    for (const name of ['index.html', 'assets/app.js', 'assets/same.js', 'package.json']) {
      expect(fs.lstatSync(path.join(stored, name)).nlink, name).toBe(1);
    }
    expect((await fetchFromPreview(chatId, version, '/assets/same.js')).body).toBe('console.log("app")');
    expect((await fetchFromPreview(chatId, version, '/package.json')).body).toContain('"sh build.sh"');

    // Later writes into the stored output (another process, a bug): links are still never followed.
    fs.symlinkSync(secretPath, path.join(stored, 'planted-secret.txt'));
    fs.symlinkSync('/etc', path.join(stored, 'planted-etc'));
    fs.symlinkSync('/proc/self/environ', path.join(stored, 'assets', 'planted-env.txt'));
    fs.symlinkSync(siblingDir, path.join(stored, 'planted-sibling'));
    // Links that stay inside the output are not followed either.
    fs.symlinkSync('assets', path.join(stored, 'planted-assets'));
    fs.symlinkSync('index.html', path.join(stored, 'planted-index.html'));
    for (const pathname of [
      '/planted-secret.txt',
      '/planted-etc/passwd',
      '/planted-etc/hostname',
      '/assets/planted-env.txt',
      '/planted-sibling/canary.txt',
      '/planted-sibling/dist',
      '/planted-sibling/dist/index.html',
      '/planted-assets/app.js',
      '/planted-index.html',
    ]) {
      expect((await fetchFromPreview(chatId, version, pathname)).status, pathname).toBe(404);
    }
    // The rest of the output is still served.
    const index = await fetchFromPreview(chatId, version, '/');
    expect(index.status).toBe(200);
    expect(index.body).toContain('hard links');
  }, 240_000);

  async function storedOutput(chatId: string, version: number): Promise<string | null> {
    const row = await loadPreviewVersion(kiln.services.db, chatId, version);
    return kiln.services.preview.outputDirOf(row!);
  }
});
