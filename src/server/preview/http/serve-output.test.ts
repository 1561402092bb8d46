import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readOutputFile } from './serve-output.ts';

const text = (file: { body: Uint8Array } | null) => (file ? Buffer.from(file.body).toString('utf8') : null);

describe('readOutputFile serves regular files of the output and never follows a link', () => {
  let dir: string;
  let root: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-serve-output-'));
    root = path.join(dir, 'builds', 'abc123');
    fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(root, 'docs'));
    fs.writeFileSync(path.join(root, 'index.html'), '<p>home</p>');
    fs.writeFileSync(path.join(root, 'docs', 'index.html'), '<p>docs</p>');
    fs.writeFileSync(path.join(root, 'assets', 'app-AbCdEf12.js'), 'app');
    fs.writeFileSync(path.join(dir, 'secret'), 'the secret');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('serves files, folder index pages and the SPA fallback', async () => {
    expect(text(await readOutputFile(root, '/'))).toBe('<p>home</p>');
    expect(text(await readOutputFile(root, '/docs'))).toBe('<p>docs</p>');
    expect(text(await readOutputFile(root, '/docs/'))).toBe('<p>docs</p>');
    expect(text(await readOutputFile(root, '/some/client/route'))).toBe('<p>home</p>');
    const asset = await readOutputFile(root, '/assets/app-AbCdEf12.js');
    expect(text(asset)).toBe('app');
    expect(asset?.headers['cache-control']).toContain('immutable');
    expect(await readOutputFile(root, '/missing.js')).toBeNull();
  });

  it("answers client routes with React Router's __spa-fallback.html when the build wrote one", async () => {
    // ssr: false with `/` prerendered: index.html is the home page, the fallback the bare shell.
    fs.writeFileSync(path.join(root, '__spa-fallback.html'), '<p>shell</p>');
    expect(text(await readOutputFile(root, '/'))).toBe('<p>home</p>');
    expect(text(await readOutputFile(root, '/docs'))).toBe('<p>docs</p>');
    expect(text(await readOutputFile(root, '/some/client/route'))).toBe('<p>shell</p>');
    expect(await readOutputFile(root, '/missing.js')).toBeNull();
  });

  it('refuses paths that leave the output', async () => {
    expect(await readOutputFile(root, '/../../secret')).toBeNull();
    expect(await readOutputFile(root, '/%2e%2e/%2e%2e/secret')).toBeNull();
    expect(await readOutputFile(root, '/index.html%00.js')).toBeNull();
    expect(await readOutputFile(root, '/%E0%A4%A')).toBeNull();
  });

  it('answers null for a link anywhere on the path, to outside or inside the output', async () => {
    fs.symlinkSync(path.join(dir, 'secret'), path.join(root, 'secret.txt'));
    fs.symlinkSync('/etc', path.join(root, 'etc'));
    fs.symlinkSync('/proc/self/environ', path.join(root, 'assets', 'env.txt'));
    fs.symlinkSync('assets', path.join(root, 'linked'));
    fs.symlinkSync('index.html', path.join(root, 'again.html'));
    fs.symlinkSync(path.join(root, 'docs'), path.join(root, 'docs-link'));
    for (const pathname of [
      '/secret.txt',
      '/etc/passwd',
      '/etc',
      '/assets/env.txt',
      '/linked/app-AbCdEf12.js',
      '/again.html',
      '/docs-link',
      '/docs-link/index.html',
    ]) {
      expect(await readOutputFile(root, pathname), pathname).toBeNull();
    }
  });

  it('answers null when index.html is a link, also as the SPA fallback', async () => {
    fs.rmSync(path.join(root, 'index.html'));
    fs.symlinkSync(path.join(dir, 'secret'), path.join(root, 'index.html'));
    expect(await readOutputFile(root, '/')).toBeNull();
    expect(await readOutputFile(root, '/client/route')).toBeNull();
    // Nor does a linked __spa-fallback.html fall through to anything.
    fs.symlinkSync(path.join(dir, 'secret'), path.join(root, '__spa-fallback.html'));
    expect(await readOutputFile(root, '/client/route')).toBeNull();
  });

  it('answers null when the output root itself is a link', async () => {
    const elsewhere = path.join(dir, 'elsewhere');
    fs.renameSync(root, elsewhere);
    fs.symlinkSync(elsewhere, root);
    expect(await readOutputFile(root, '/')).toBeNull();
    expect(await readOutputFile(root, '/docs/index.html')).toBeNull();
  });

  it('serves an output whose data folder is reached through a link Kiln was configured with', async () => {
    const linkedData = path.join(os.tmpdir(), `kiln-linked-data-${path.basename(dir)}`);
    fs.symlinkSync(dir, linkedData);
    try {
      expect(text(await readOutputFile(path.join(linkedData, 'builds', 'abc123'), '/'))).toBe('<p>home</p>');
    } finally {
      fs.rmSync(linkedData);
    }
  });

  it('answers null for a FIFO (without waiting on it)', async () => {
    execFileSync('mkfifo', [path.join(root, 'pipe.txt')]);
    expect(await readOutputFile(root, '/pipe.txt')).toBeNull();
  });
});
