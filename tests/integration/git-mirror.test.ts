/**
 * The git transport of code-hosting sync (issue 15) against real git over smart HTTP: the mirror
 * runs Debian's `git`, the loopback fake GitHub serves real bare repositories through
 * `git http-backend`. Every push, fetch and ls-remote here is a real git transfer.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GitError,
  GitMirror,
  type GitErrorKind,
  type TreeFile,
} from '../../src/server/codehost/git-mirror.ts';
import { checkBranchName } from '../../src/core/codehost/branch-name.ts';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github/server.ts';

const run = promisify(execFile);
const AUTHOR = { name: 'Kiln', email: 'kiln@example.test' };
const DATE = new Date('2025-01-02T03:04:05Z');
const WRONG_TOKEN = 'ghp_notarealtoken0123456789abcdef';
const LIMITS = { maxFiles: 100, maxFileBytes: 1000, maxTotalBytes: 100_000 };

let github: FakeGitHub;
let root: string;
let mirror: GitMirror;
const logLines: string[] = [];
const errorMessages: string[] = [];
let token: string;

const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const repoUrl = (owner: string, name: string) => `${github.url}/${owner}/${name}.git`;
const basic = (secret: string) => Buffer.from(`x-access-token:${secret}`).toString('base64');

/** The GitError a promise rejects with (its message kept for the no-leak checks). */
async function failure(promise: Promise<unknown>): Promise<GitError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof GitError)) throw new Error(`expected a GitError, got ${String(error)}`);
  errorMessages.push(error.message);
  return error;
}

async function kindOf(promise: Promise<unknown>): Promise<GitErrorKind> {
  return (await failure(promise)).kind;
}

function commitFiles(key: string, files: TreeFile[], parent: string | null, message = 'Kiln version') {
  return mirror.commit(key, { files, message, author: AUTHOR, parent, date: DATE });
}

beforeAll(async () => {
  github = await startFakeGitHub();
  token = github.createUser('alice').token;
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-git-mirror-'));
  mirror = new GitMirror({ root, log: (line) => logLines.push(line), retryDelaysMs: [20, 20] });
});

afterAll(async () => {
  await github?.close();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

describe('GitMirror: push and pull through real git', () => {
  it('pushes to an empty repository, is refused over a commit made on GitHub, reads it back, then overrides it with a lease', async () => {
    await github.createRepo('alice', 'site');
    const url = repoUrl('alice', 'site');
    expect(await mirror.remote(url, { token })).toEqual({ defaultBranch: null, heads: {} });

    const first = await commitFiles(
      'chat-1',
      [
        { path: 'index.html', bytes: text('<h1>v1</h1>\n') },
        { path: 'src/components/app.js', bytes: text('export const v = 1;\n') },
        { path: 'scripts/run.sh', bytes: text('#!/bin/sh\necho hi\n'), executable: true },
      ],
      null,
      'Kiln version #1: a landing page',
    );
    await mirror.push(
      'chat-1',
      url,
      { commit: first, branch: 'main', force: false, expectedHead: null },
      { token },
    );
    expect(await github.head('alice', 'site', 'main')).toBe(first);
    const pushed = await github.files('alice', 'site', 'main');
    expect([...pushed.keys()].sort()).toEqual(['index.html', 'scripts/run.sh', 'src/components/app.js']);
    expect(pushed.get('src/components/app.js')?.bytes.toString()).toBe('export const v = 1;\n');
    expect(pushed.get('scripts/run.sh')?.mode).toBe('100755');
    expect(await mirror.remote(url, { token })).toEqual({ defaultBranch: 'main', heads: { main: first } });

    // Someone edits the repository on GitHub: a text file, an image and a file over the limit.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      text('IHDR'),
    ]);
    const onGitHub = await github.commitDirectly(
      'alice',
      'site',
      'main',
      { 'README.md': '# Edited on GitHub\n', 'public/logo.png': png, 'data/big.txt': 'x'.repeat(1001) },
      'Edit on GitHub',
    );

    const second = await commitFiles('chat-1', [{ path: 'index.html', bytes: text('<h1>v2</h1>\n') }], first);
    const plain = await failure(
      mirror.push(
        'chat-1',
        url,
        { commit: second, branch: 'main', force: false, expectedHead: null },
        { token },
      ),
    );
    expect(plain.kind).toBe('rejected');
    expect(await github.head('alice', 'site', 'main')).toBe(onGitHub);

    const pulled = await mirror.fetch('chat-1', url, 'main', { token }, LIMITS);
    expect(pulled.head).toBe(onGitHub);
    expect(pulled.files.map((file) => file.path).sort()).toEqual([
      'README.md',
      'index.html',
      'scripts/run.sh',
      'src/components/app.js',
    ]);
    expect(pulled.files.find((file) => file.path === 'README.md')?.content).toBe('# Edited on GitHub\n');
    expect(pulled.files.find((file) => file.path === 'scripts/run.sh')?.executable).toBe(true);
    expect(pulled.files.find((file) => file.path === 'index.html')?.executable).toBe(false);
    expect(pulled.skipped).toEqual([
      { path: 'data/big.txt', reason: expect.stringMatching(/^larger than /) },
      { path: 'public/logo.png', reason: 'binary file' },
    ]);
    expect(await mirror.isAncestor('chat-1', first, onGitHub)).toBe(true);
    expect(await mirror.isAncestor('chat-1', onGitHub, first)).toBe(false);

    // Override GitHub: the lease is the head last seen; it still holds, so the push replaces it.
    await mirror.push(
      'chat-1',
      url,
      { commit: second, branch: 'main', force: true, expectedHead: onGitHub },
      { token },
    );
    expect(await github.head('alice', 'site', 'main')).toBe(second);
    expect([...(await github.files('alice', 'site', 'main')).keys()]).toEqual(['index.html']);

    // A lease on a head the branch no longer has is refused, and the branch keeps its commit.
    const third = await commitFiles('chat-1', [{ path: 'index.html', bytes: text('<h1>v3</h1>\n') }], second);
    const stale = { commit: third, branch: 'main', force: true };
    expect(await kindOf(mirror.push('chat-1', url, { ...stale, expectedHead: onGitHub }, { token }))).toBe(
      'stale',
    );
    expect(await kindOf(mirror.push('chat-1', url, { ...stale, expectedHead: null }, { token }))).toBe(
      'stale',
    );
    expect(await github.head('alice', 'site', 'main')).toBe(second);
  });

  it('works on a repository whose default branch is not main', async () => {
    github.createUser('carol', { defaultBranch: 'trunk' });
    const carol = { token: github.tokenFor('carol') };
    await github.createRepo('carol', 'app', { autoInit: true });
    const url = repoUrl('carol', 'app');

    const state = await mirror.remote(url, carol);
    expect(state.defaultBranch).toBe('trunk');
    expect(Object.keys(state.heads)).toEqual(['trunk']);
    const pulled = await mirror.fetch('chat-2', url, 'trunk', carol, LIMITS);
    expect(pulled.head).toBe(state.heads.trunk);
    expect(pulled.files).toEqual([{ path: 'README.md', content: '# app\n', executable: false }]);

    const next = await commitFiles('chat-2', [{ path: 'index.html', bytes: text('hi\n') }], pulled.head);
    await mirror.push(
      'chat-2',
      url,
      { commit: next, branch: 'trunk', force: false, expectedHead: null },
      carol,
    );
    expect(await github.head('carol', 'app', 'trunk')).toBe(next);
    expect(await github.head('carol', 'app', 'main')).toBeNull();
  });

  it('answers not-found for a repository or branch that does not exist', async () => {
    const url = repoUrl('alice', 'missing');
    expect(await kindOf(mirror.remote(url, { token }))).toBe('not-found');
    expect(await kindOf(mirror.fetch('chat-3', url, 'main', { token }, LIMITS))).toBe('not-found');
    const commit = await commitFiles('chat-3', [{ path: 'a.txt', bytes: text('a') }], null);
    const push = { commit, branch: 'main', force: false, expectedHead: null };
    expect(await kindOf(mirror.push('chat-3', url, push, { token }))).toBe('not-found');

    await github.createRepo('alice', 'branchless', { autoInit: true });
    expect(
      await kindOf(mirror.fetch('chat-3', repoUrl('alice', 'branchless'), 'gone', { token }, LIMITS)),
    ).toBe('not-found');
    // Not found is not transient: no retries.
    expect(
      logLines.filter((line) => line.includes('/alice/missing.git') && line.includes('retrying')),
    ).toEqual([]);
  });

  it('answers auth for a wrong, revoked or under-privileged token', async () => {
    await github.createRepo('alice', 'private-site');
    const url = repoUrl('alice', 'private-site');
    const wrong = { token: WRONG_TOKEN };
    expect(await kindOf(mirror.remote(url, wrong))).toBe('auth');
    expect(await kindOf(mirror.fetch('chat-4', url, 'main', wrong, LIMITS))).toBe('auth');
    const commit = await commitFiles('chat-4', [{ path: 'a.txt', bytes: text('a') }], null);
    const push = { commit, branch: 'main', force: false, expectedHead: null };
    expect(await kindOf(mirror.push('chat-4', url, push, wrong))).toBe('auth');

    const revoked = github.issueToken('alice', ['repo']);
    await mirror.push('chat-4', url, push, { token: revoked });
    github.revokeToken(revoked);
    expect(await kindOf(mirror.remote(url, { token: revoked }))).toBe('auth');

    // A token that may read a public repository but not push to it: GitHub answers 403.
    await github.createRepo('alice', 'public-site', { private: false });
    const readOnly = github.issueToken('alice', []);
    const publicUrl = repoUrl('alice', 'public-site');
    expect(await mirror.remote(publicUrl, { token: readOnly })).toEqual({ defaultBranch: null, heads: {} });
    expect(await kindOf(mirror.push('chat-4', publicUrl, push, { token: readOnly }))).toBe('auth');
  });

  it('retries transient 5xx answers, and gives up with network after two retries', async () => {
    await github.createRepo('alice', 'flaky');
    const url = repoUrl('alice', 'flaky');
    const commit = await commitFiles('chat-5', [{ path: 'a.txt', bytes: text('flaky') }], null);
    github.failNext({ status: 502, times: 2, scope: 'git' });
    await mirror.push('chat-5', url, { commit, branch: 'main', force: false, expectedHead: null }, { token });
    expect(await github.head('alice', 'flaky', 'main')).toBe(commit);
    const statuses = github.requests
      .filter((r) => r.url.startsWith('/alice/flaky.git/'))
      .map((r) => r.status);
    expect(statuses.slice(0, 2)).toEqual([502, 502]);

    // The push lands but its answer is lost (a 502 after the fact): the retry finds the branch
    // already there, plain or forced with the lease it had before.
    const receivePack = (r: { method: string; url: string }) =>
      r.method === 'POST' && r.url.endsWith('/git-receive-pack');
    const next = await commitFiles('chat-5', [{ path: 'a.txt', bytes: text('flaky 2') }], commit);
    github.failNext({ status: 502, scope: 'git', afterServing: true, match: receivePack });
    await mirror.push(
      'chat-5',
      url,
      { commit: next, branch: 'main', force: false, expectedHead: null },
      { token },
    );
    expect(await github.head('alice', 'flaky', 'main')).toBe(next);
    const forced = await commitFiles('chat-5', [{ path: 'a.txt', bytes: text('flaky 3') }], null);
    github.failNext({ status: 502, scope: 'git', afterServing: true, match: receivePack });
    await mirror.push(
      'chat-5',
      url,
      { commit: forced, branch: 'main', force: true, expectedHead: next },
      { token },
    );
    expect(await github.head('alice', 'flaky', 'main')).toBe(forced);
    expect(github.requests.filter((r) => receivePack(r) && r.status === 502)).toHaveLength(2);

    github.failNext({ status: 503, times: 3, scope: 'git' });
    expect(await kindOf(mirror.fetch('chat-5', url, 'main', { token }, LIMITS))).toBe('network');
    github.failNext({ status: 502, times: 1, scope: 'git' });
    expect((await mirror.fetch('chat-5', url, 'main', { token }, LIMITS)).head).toBe(forced);

    // Nothing listens there: connection refused, three tries.
    const closed = `http://127.0.0.1:${await closedPort()}/alice/flaky.git`;
    expect(await kindOf(mirror.remote(closed, { token }))).toBe('network');
    expect(logLines.filter((line) => line.startsWith(`git ls-remote ${closed}`))).toHaveLength(3);
  });

  it('kills git, helpers included, when a command runs past its time limit (token never in argv)', async () => {
    const quick = new GitMirror({ root, timeoutMs: 2_000, retryDelaysMs: [20, 20] });
    await github.createRepo('alice', 'stalled');
    github.stallNext({ scope: 'git' });
    const url = repoUrl('alice', 'stalled');
    const fetched = failure(quick.fetch('chat-7', url, 'main', { token }, LIMITS));
    await github.waitForRequest((r) => r.url.startsWith('/alice/stalled.git/') && r.status === null);
    const running = await processCommandLines();
    expect(running.some((line) => line.includes(url))).toBe(true);
    // The token is in git's environment only, never on a command line `ps` shows.
    expect(running.filter((line) => line.includes(token) || line.includes(basic(token)))).toEqual([]);
    // A timeout is not retried: a retry would have succeeded (only one request is held).
    expect((await fetched).kind).toBe('timeout');
    expect((await processCommandLines()).filter((line) => line.includes(url))).toEqual([]);
  });

  it('commits, pushes and fetches a 200-file, 2 MB project', async () => {
    await github.createRepo('alice', 'large');
    const url = repoUrl('alice', 'large');
    const files: TreeFile[] = Array.from({ length: 200 }, (_, i) => ({
      path: `src/part-${i % 10}/module-${i}.ts`,
      bytes: text(
        `// module ${i}\n${`export const value${i} = ${JSON.stringify('k'.repeat(60))};\n`.repeat(140)}`,
      ),
    }));
    const bytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
    expect(bytes).toBeGreaterThan(2_000_000);

    const commit = await commitFiles('chat-8', files, null);
    // Built from the same snapshot and date, the commit is the same (no work tree, no clock).
    expect(await commitFiles('chat-8b', files, null)).toBe(commit);
    await mirror.push('chat-8', url, { commit, branch: 'main', force: false, expectedHead: null }, { token });

    const limits = { maxFiles: 1000, maxFileBytes: 1_000_000, maxTotalBytes: 10_000_000 };
    const pulled = await mirror.fetch('chat-9', url, 'main', { token }, limits);
    expect(pulled.head).toBe(commit);
    expect(pulled.skipped).toEqual([]);
    const byPath = new Map(pulled.files.map((file) => [file.path, file.content]));
    expect(byPath.size).toBe(200);
    for (const file of files) expect(byPath.get(file.path)).toBe(new TextDecoder().decode(file.bytes));

    // The same tree read under tighter limits: what is over them is named, in tree order.
    const tight = await mirror.fetch(
      'chat-9',
      url,
      'main',
      { token },
      { maxFiles: 150, maxFileBytes: 1_000_000, maxTotalBytes: 10_000_000 },
    );
    expect(tight.files).toHaveLength(150);
    expect(tight.skipped).toHaveLength(50);
    expect(tight.skipped[0]?.reason).toBe('over the limit of 150 files');
  });

  it('refuses what cannot be committed or pushed', async () => {
    const commit = (files: TreeFile[], parent: string | null = null) => commitFiles('chat-10', files, parent);
    const file = (p: string) => ({ path: p, bytes: text('x') });
    for (const bad of [
      '/abs.txt',
      '../up.txt',
      'a//b.txt',
      'a/./b.txt',
      '.git/config',
      'sub/.GIT/x',
      'tab\there',
      '',
    ]) {
      expect(await kindOf(commit([file(bad)])), bad).toBe('failed');
    }
    expect(await kindOf(commit([file('a.txt'), file('a.txt')]))).toBe('failed');
    expect(await kindOf(commit([file('a'), file('a/b.txt')]))).toBe('failed');
    expect(await kindOf(commit([file('a.txt')], 'f'.repeat(40)))).toBe('not-found');
    expect(() => mirror.repositoryPath('../escape')).toThrow(GitError);

    const good = await commit([file('odd "name" é.txt'), file('"quoted.txt')]);
    await github.createRepo('alice', 'odd');
    const url = repoUrl('alice', 'odd');
    await mirror.push(
      'chat-10',
      url,
      { commit: good, branch: 'main', force: false, expectedHead: null },
      { token },
    );
    expect([...(await github.files('alice', 'odd', 'main')).keys()].sort()).toEqual([
      '"quoted.txt',
      'odd "name" é.txt',
    ]);

    const push = { commit: good, force: false, expectedHead: null };
    // Refused before any git command: the fake sees no request for them.
    const before = github.requests.length;
    for (const branch of ['main..x', 'a b', 'x:refs/heads/y', '-main', 'main.lock', '--upload-pack=x', '']) {
      expect(await kindOf(mirror.push('chat-10', url, { ...push, branch }, { token })), branch).toBe(
        'invalid-ref',
      );
      expect(await kindOf(mirror.fetch('chat-10', url, branch, { token }, LIMITS)), branch).toBe(
        'invalid-ref',
      );
    }
    expect(github.requests.length).toBe(before);
    const withCredentials = url.replace('http://', `http://x-access-token:${token}@`);
    expect(
      await kindOf(mirror.push('chat-10', withCredentials, { ...push, branch: 'main' }, { token })),
    ).toBe('failed');
    expect(await kindOf(mirror.remote('file:///etc', { token }))).toBe('failed');
    expect(await kindOf(mirror.remote('ext::sh -c id', { token }))).toBe('failed');
  });
  it("checks branch names by git's own rule, without running git", async () => {
    const names = [
      'main',
      'feature/x',
      'a@b',
      'a./b',
      'é',
      'a{b}',
      'a=b',
      'x/HEAD',
      'a/-b',
      '-main',
      '--upload-pack=x',
      'HEAD',
      'a@{b',
      'a/.b',
      'a.lock/b',
      'a/b.lock',
      'a.',
      'a..b',
      'a//b',
      '/a',
      'a/',
      'a b',
      'a\tb',
      'a~b',
      'a^b',
      'a:b',
      'a?b',
      'a*b',
      'a[b',
      'a\\b',
    ];
    for (const name of names) {
      const byGit = await run('git', ['check-ref-format', '--branch', name]).then(
        () => true,
        () => false,
      );
      expect(checkBranchName(name).ok, name).toBe(byGit);
    }
  });

  it("a damaged repository on GitHub: fetch fails as corrupt (the remote's failure), without retries", async () => {
    for (const [name, damage] of [
      ['damaged-swap', 'other-content'],
      ['damaged-garbage', 'garbage'],
    ] as const) {
      await github.createRepo('alice', name, { autoInit: true });
      await github.commitDirectly('alice', name, 'main', { 'a.txt': 'hello '.repeat(40) }, 'A file');
      const gitDir = github.repoPath('alice', name);
      const { stdout } = await run('git', ['--git-dir', gitDir, 'rev-parse', 'main:a.txt']);
      const blob = stdout.trim();
      const file = path.join(gitDir, 'objects', blob.slice(0, 2), blob.slice(2));
      await fs.chmod(file, 0o644);
      await fs.writeFile(
        file,
        damage === 'other-content' ? zlib.deflateSync(Buffer.from('blob 6\0HELLO\n')) : 'garbage',
      );
      const logged = logLines.length;
      const error = await failure(
        mirror.fetch(`chat-${name}`, repoUrl('alice', name), 'main', { token }, LIMITS),
      );
      expect(error.kind, name).toBe('corrupt');
      expect(error.message, name).toMatch(/^git fetch failed \(corrupt\): /);
      expect(
        logLines.slice(logged).some((line) => line.includes('retrying')),
        name,
      ).toBe(false);
    }
  });

  it('ignores a git repository around its folder and its config', async () => {
    // The data folder inside someone's checkout whose config rewrites every URL to a dead port.
    const outer = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-outer-repo-'));
    try {
      await run('git', ['init', '--quiet', outer]);
      const dead = `http://127.0.0.1:${await closedPort()}/`;
      await run('git', [
        'config',
        '--file',
        path.join(outer, '.git', 'config'),
        `url.${dead}.insteadOf`,
        github.url + '/',
      ]);
      const nested = new GitMirror({ root: path.join(outer, 'data', 'git'), retryDelaysMs: [] });
      await github.createRepo('alice', 'nested', { autoInit: true });
      const url = repoUrl('alice', 'nested');
      expect(Object.keys((await nested.remote(url, { token })).heads)).toEqual(['main']);
      expect((await nested.fetch('chat-11', url, 'main', { token }, LIMITS)).files).toHaveLength(1);
    } finally {
      await fs.rm(outer, { recursive: true, force: true });
    }
  });

  // Last: it reads every error and log line the tests above produced, and the mirror they left.
  it('never lets the token reach an error, a log line, the mirror folder or its git config', async () => {
    // A server that echoes the credential back in its error page (git prints it as `remote: …`).
    await github.createRepo('alice', 'echo');
    github.failNext({
      status: 403,
      scope: 'git',
      message: `Bad credentials ${token} (Basic ${basic(token)})`,
    });
    const echoed = await failure(mirror.remote(repoUrl('alice', 'echo'), { token }));
    expect(echoed.kind).toBe('auth');
    expect(echoed.message).toContain('Bad credentials [redacted] (Basic [redacted])');

    const secrets = [token, basic(token), WRONG_TOKEN, basic(WRONG_TOKEN)];
    const everything = [...errorMessages, ...logLines].join('\n');
    expect(errorMessages.length).toBeGreaterThan(10);
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(everything).not.toContain(secret);

    const files = await allFiles(root);
    expect(files.some((file) => file.endsWith(path.join('chat-1.git', 'config')))).toBe(true);
    for (const file of files) {
      const content = await fs.readFile(file);
      for (const secret of secrets) expect(content.includes(secret), `${file} holds a secret`).toBe(false);
    }
    const { stdout: config } = await run('git', [
      'config',
      '--file',
      path.join(root, 'chat-1.git', 'config'),
      '--list',
    ]);
    expect(config).not.toMatch(/extraheader|remote\.|url\.|credential/i);
  });
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The command lines of every running process (what `ps` would show). */
async function processCommandLines(): Promise<string[]> {
  const lines: string[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const raw = await fs.readFile(`/proc/${entry}/cmdline`);
      if (raw.length) lines.push(raw.toString('utf8').split('\0').join(' '));
    } catch {
      // The process ended meanwhile.
    }
  }
  return lines;
}

async function allFiles(folder: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) out.push(...(await allFiles(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}
