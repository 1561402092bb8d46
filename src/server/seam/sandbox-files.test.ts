import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyRegularFiles, describeNonRegularEntries, openRegularFile } from './sandbox-files.ts';

const LIMITS = { maxFiles: 1000, maxBytes: 10 * 1024 * 1024 };

describe('build output keeps regular files and folders only (decision 0037)', () => {
  let dir: string;
  let workspace: string;
  let outside: string;
  let target: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-output-files-'));
    workspace = path.join(dir, 'workspace');
    outside = path.join(dir, 'outside');
    target = path.join(dir, 'stored');
    fs.mkdirSync(path.join(workspace, 'dist', 'assets'), { recursive: true });
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'secret'), 'outside secret');
    fs.writeFileSync(path.join(workspace, 'dist', 'index.html'), '<p>hi</p>');
    fs.writeFileSync(path.join(workspace, 'dist', 'assets', 'app.js'), 'app');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('copies regular files and folders into fresh files', async () => {
    fs.linkSync(path.join(workspace, 'dist', 'assets', 'app.js'), path.join(workspace, 'dist', 'same.js'));
    const outcome = await copyRegularFiles(workspace, 'dist', target, LIMITS);
    expect(outcome).toEqual({ ok: true, files: 3, bytes: 9 + 3 + 3 });
    expect(fs.readFileSync(path.join(target, 'same.js'), 'utf8')).toBe('app');
    // A hard link becomes a copy of its content: no inode is shared with the workspace.
    for (const name of ['index.html', 'same.js', 'assets/app.js']) {
      const stored = fs.lstatSync(path.join(target, name));
      expect(stored.nlink, name).toBe(1);
      expect(stored.ino).not.toBe(fs.lstatSync(path.join(workspace, 'dist', name)).ino);
    }
  });

  it('refuses links (to files and folders, inside or outside), FIFOs and sockets, naming each', async () => {
    const dist = path.join(workspace, 'dist');
    fs.symlinkSync(path.join(outside, 'secret'), path.join(dist, 'secret.txt'));
    fs.symlinkSync(outside, path.join(dist, 'assets', 'outside'));
    fs.symlinkSync('index.html', path.join(dist, 'again.html'));
    execFileSync('mkfifo', [path.join(dist, 'pipe')]);
    const socketPath = path.join(dist, 'sock');
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      const outcome = await copyRegularFiles(workspace, 'dist', target, LIMITS);
      expect(outcome).toEqual({
        ok: false,
        reason: 'not-regular',
        entries: [
          { path: 'dist/again.html', kind: 'symbolic link', target: 'index.html' },
          { path: 'dist/assets/outside', kind: 'symbolic link', target: outside },
          { path: 'dist/pipe', kind: 'FIFO' },
          { path: 'dist/secret.txt', kind: 'symbolic link', target: path.join(outside, 'secret') },
          { path: 'dist/sock', kind: 'socket' },
        ],
      });
      // Nothing of what a link named was copied.
      const copied = fs.readdirSync(target, { recursive: true }).map(String);
      expect(copied.some((name) => name.includes('secret'))).toBe(false);
    } finally {
      server.close();
    }
  });

  it('refuses an output folder that is itself a link, or sits behind one', async () => {
    fs.rmSync(path.join(workspace, 'dist'), { recursive: true });
    fs.mkdirSync(path.join(outside, 'app'));
    fs.writeFileSync(path.join(outside, 'app', 'index.html'), 'outside page');
    fs.symlinkSync(outside, path.join(workspace, 'dist'));
    expect(await copyRegularFiles(workspace, 'dist', target, LIMITS)).toEqual({
      ok: false,
      reason: 'not-regular',
      entries: [{ path: 'dist', kind: 'symbolic link', target: outside }],
    });
    expect(await copyRegularFiles(workspace, 'dist/app', target, LIMITS)).toMatchObject({
      ok: false,
      entries: [{ path: 'dist', kind: 'symbolic link' }],
    });
    expect(fs.existsSync(target)).toBe(false);
  });

  it('stops at the file and byte limits', async () => {
    expect(await copyRegularFiles(workspace, 'dist', target, { maxFiles: 1, maxBytes: 1000 })).toEqual({
      ok: false,
      reason: 'too-large',
    });
    fs.rmSync(target, { recursive: true });
    expect(await copyRegularFiles(workspace, 'dist', target, { maxFiles: 10, maxBytes: 10 })).toEqual({
      ok: false,
      reason: 'too-large',
    });
  });
});

describe('openRegularFile never follows a link', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-open-regular-')));
    fs.mkdirSync(path.join(dir, 'real'));
    fs.writeFileSync(path.join(dir, 'real', 'file.txt'), 'content');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('opens a regular file by its own path', async () => {
    const handle = await openRegularFile(path.join(dir, 'real', 'file.txt'));
    expect(handle).not.toBeNull();
    expect(await handle!.readFile('utf8')).toBe('content');
    await handle!.close();
  });

  it('refuses a link as the file, a link as a folder on the path, a folder and a FIFO', async () => {
    fs.symlinkSync(path.join(dir, 'real', 'file.txt'), path.join(dir, 'link.txt'));
    fs.symlinkSync(path.join(dir, 'real'), path.join(dir, 'linked'));
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);
    expect(await openRegularFile(path.join(dir, 'link.txt'))).toBeNull();
    expect(await openRegularFile(path.join(dir, 'linked', 'file.txt'))).toBeNull();
    expect(await openRegularFile(path.join(dir, 'real'))).toBeNull();
    expect(await openRegularFile(path.join(dir, 'pipe'))).toBeNull();
    expect(await openRegularFile('/proc/self/environ')).toBeNull();
  });
});

describe('the build log explains a refused output', () => {
  it('lists each entry, its link target and kind, without control characters', () => {
    const text = describeNonRegularEntries([
      { path: 'dist/env.txt', kind: 'symbolic link', target: '/proc/self/environ' },
      { path: 'dist/a\nforged line', kind: 'FIFO' },
    ]);
    expect(text).toContain('  dist/env.txt → /proc/self/environ (symbolic link)');
    expect(text).toContain('  dist/a?forged line (FIFO)');
    expect(text.split('\n')).toHaveLength(4);
  });

  it('lists 20 entries at most', () => {
    const entries = Array.from({ length: 25 }, (_, index) => ({
      path: `dist/${index}`,
      kind: 'socket' as const,
    }));
    expect(describeNonRegularEntries(entries)).toContain('… and 5 more');
  });
});
