import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSnapshot } from '../../src/core/artifact/index.ts';
import { chats, githubConnections, messages } from '../../src/server/db/schema/index.ts';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github/server.ts';
import { signedUpUser } from './generation-helpers.ts';
import { createPreviewKiln, createVersion, type TestKiln } from './preview-helpers.ts';
import { TestClient } from './test-app.ts';

describe('GitHub sync: connect, create, push, pull, override, import (issue 15)', () => {
  let fake: FakeGitHub;
  let kiln: TestKiln;
  let owner: Awaited<ReturnType<typeof signedUpUser>>;
  let octoToken: string;

  beforeAll(async () => {
    fake = await startFakeGitHub({ clientSecret: 'fake-secret', deviceInterval: 0 });
    kiln = await createPreviewKiln({
      GITHUB_CLIENT_ID: fake.clientId,
      GITHUB_CLIENT_SECRET: fake.clientSecret ?? '',
      KILN_GITHUB_URL: fake.url,
      KILN_GITHUB_API_URL: fake.apiUrl,
    });
    owner = await signedUpUser(kiln, { premium: true });
    octoToken = fake.createUser('octo').token;
  });
  afterAll(async () => {
    await kiln?.close();
    await fake?.close();
  });

  const json = (client: TestClient, path: string, method = 'GET', body?: unknown) =>
    client.request(path, { method, json: body });

  async function latestVersion(chatId: string) {
    const rows = await kiln.services.db.select().from(messages).where(eq(messages.chatId, chatId));
    return rows.filter((m) => m.role === 'assistant').sort((a, b) => b.version - a.version)[0]!;
  }

  it('the round trip: a token, a new private repository, push, a commit on GitHub refuses the push, pull, override', async () => {
    const connected = await json(owner.client, '/api/codehost/token', 'POST', { token: octoToken });
    expect(await connected.json()).toMatchObject({
      connected: true,
      username: 'octo',
      method: 'token',
      problem: null,
    });

    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [
        { name: 'index.html', content: '<h1>Shop v1</h1>' },
        { name: '.env.local', content: 'SECRET_KEY=never-pushed' },
      ],
    });
    const status = await (await json(owner.client, `/api/chats/${chatId}/codehost`)).json();
    expect(status).toMatchObject({ repo: null, connection: { connected: true, username: 'octo' } });
    expect(status.suggestedName).toMatch(/^kiln-/);

    const created = await json(owner.client, `/api/chats/${chatId}/codehost/repo`, 'POST', {
      name: 'kiln-shop',
      private: true,
    });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ repo: { fullName: 'octo/kiln-shop' } });

    const pushed = await json(owner.client, `/api/chats/${chatId}/codehost/push`, 'POST', { version: 1 });
    expect(pushed.status).toBe(200);
    const push = await pushed.json();
    expect(push).toMatchObject({ success: true });
    const onGitHub = await fake.files('octo', 'kiln-shop', 'main');
    expect(onGitHub.get('index.html')?.bytes.toString()).toBe('<h1>Shop v1</h1>');
    expect(onGitHub.has('package.json')).toBe(true);
    expect([...onGitHub.keys()].some((path) => path.includes('.env'))).toBe(false);
    expect(await fake.head('octo', 'kiln-shop', 'main')).toBe(push.commit);

    const again = await (
      await json(owner.client, `/api/chats/${chatId}/codehost/push`, 'POST', { version: 1 })
    ).json();
    expect(again.message).toMatch(/already up-to-date/i);

    // A commit made on GitHub; a new version in Kiln cannot be pushed over it.
    await fake.commitDirectly(
      'octo',
      'kiln-shop',
      'main',
      { 'index.html': '<h1>Edited on GitHub</h1>' },
      'Edit on GitHub',
    );
    await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      chatId,
      version: 2,
      files: [{ name: 'index.html', content: '<h1>Shop v2</h1>' }],
    });
    const refused = await json(owner.client, `/api/chats/${chatId}/codehost/push`, 'POST', { version: 2 });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatchObject({ code: 'remote-changed' });

    // Pull: the head becomes version 3, a 'GitHub Pull'.
    const pulled = await (await json(owner.client, `/api/chats/${chatId}/codehost/pull`, 'POST')).json();
    expect(pulled).toMatchObject({ success: true, version: 3 });
    const v3 = await latestVersion(chatId);
    expect(v3).toMatchObject({ version: 3, isGithubPull: true, finishReason: 'stop' });
    expect(parseSnapshot(v3.artifactCode).files.find((f) => f.name === 'index.html')?.content).toBe(
      '<h1>Edited on GitHub</h1>',
    );
    const same = await (await json(owner.client, `/api/chats/${chatId}/codehost/pull`, 'POST')).json();
    expect(same.message).toMatch(/No changes detected/);

    // Override: version 2 replaces what GitHub holds.
    await fake.commitDirectly(
      'octo',
      'kiln-shop',
      'main',
      { 'index.html': '<h1>Edited again</h1>' },
      'Again',
    );
    const override = await json(owner.client, `/api/chats/${chatId}/codehost/push`, 'POST', {
      version: 2,
      force: true,
    });
    expect(override.status).toBe(200);
    expect((await fake.files('octo', 'kiln-shop', 'main')).get('index.html')?.bytes.toString()).toBe(
      '<h1>Shop v2</h1>',
    );
    const [chat] = await kiln.services.db.select().from(chats).where(eq(chats.id, chatId));
    expect(chat!.lastGithubSync).not.toBeNull();

    // The mirror lost (a data folder restored without git/, another machine): a push still continues the branch.
    fs.rmSync(path.join(kiln.dataDir, 'git'), { recursive: true, force: true });
    await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      chatId,
      version: 4,
      files: [{ name: 'index.html', content: '<h1>Shop v4</h1>' }],
    });
    const afterLoss = await json(owner.client, `/api/chats/${chatId}/codehost/push`, 'POST', { version: 4 });
    expect(afterLoss.status).toBe(200);
    expect((await fake.files('octo', 'kiln-shop', 'main')).get('index.html')?.bytes.toString()).toBe(
      '<h1>Shop v4</h1>',
    );

    // The token is sealed in the database and never answered.
    const [row] = await kiln.services.db
      .select()
      .from(githubConnections)
      .where(eq(githubConnections.userId, owner.userId));
    expect(row!.accessTokenEncrypted).not.toContain(octoToken);
    expect(JSON.stringify(await (await json(owner.client, '/api/codehost/connection')).json())).not.toContain(
      octoToken,
    );
  });

  it("GitHub's hiccups: a new repository not visible yet, 502s and a rate limit are waited out; a default branch other than main is kept", async () => {
    const person = await signedUpUser(kiln, { premium: true });
    const { token } = fake.createUser('trunk-user', { defaultBranch: 'trunk' });
    await json(person.client, '/api/codehost/token', 'POST', { token });
    const { chatId } = await createVersion(kiln, {
      userId: person.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: '<h1>Trunk</h1>' }],
    });
    fake.failNext({ status: 502, times: 1, scope: 'api' });
    fake.setNewRepoLag(2);
    const created = await json(person.client, `/api/chats/${chatId}/codehost/repo`, 'POST', {
      name: 'lagging',
      private: false,
    });
    expect(created.status).toBe(200);
    fake.failNext({ status: 'rate-limit', times: 1, scope: 'api', retryAfter: 1 });
    const pushed = await json(person.client, `/api/chats/${chatId}/codehost/push`, 'POST', { version: 1 });
    expect(pushed.status).toBe(200);
    expect((await fake.files('trunk-user', 'lagging', 'trunk')).get('index.html')?.bytes.toString()).toBe(
      '<h1>Trunk</h1>',
    );
    expect(await fake.head('trunk-user', 'lagging', 'main')).toBeNull();
  });

  it('the web flow: GitHub sends the person back with a code; a forged state is refused', async () => {
    const person = await signedUpUser(kiln, { premium: true });
    fake.createUser('web-user');
    fake.setWebFlowUser('web-user');
    const start = await json(person.client, '/api/codehost/oauth/start');
    expect(start.status).toBe(302);
    const authorize = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location')!);
    expect(back.pathname).toBe('/api/codehost/oauth/callback');
    const forged = await json(
      person.client,
      `/api/codehost/oauth/callback?code=${back.searchParams.get('code')}&state=forged`,
    );
    expect(forged.headers.get('location')).toMatch(/github=error/);
    const callback = await json(person.client, `${back.pathname}${back.search}`);
    expect(callback.headers.get('location')).toBe('/account?github=connected');
    expect(await (await json(person.client, '/api/codehost/connection')).json()).toMatchObject({
      connected: true,
      username: 'web-user',
      method: 'web',
    });
  });

  it('a version with GitHub Actions workflows needs the workflow scope: said before pushing', async () => {
    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [
        { name: 'index.html', content: 'x' },
        { name: '.github/workflows/ci.yml', content: 'on: push' },
      ],
    });
    await json(owner.client, `/api/chats/${chatId}/codehost/repo`, 'POST', {
      name: 'with-workflows',
      private: true,
    });
    const response = await json(owner.client, `/api/chats/${chatId}/codehost/push`, 'POST', { version: 1 });
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe('workflow-scope-required');
  });

  it('a repository name GitHub refuses: "Failed to create repository" with its reason', async () => {
    await fake.createRepo('octo', 'taken-name');
    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: 'x' }],
    });
    const response = await json(owner.client, `/api/chats/${chatId}/codehost/repo`, 'POST', {
      name: 'taken-name',
      private: true,
    });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.title).toBe('Failed to create repository');
    expect(error.message).toMatch(/already exists/);
    const empty = await json(owner.client, `/api/chats/${chatId}/codehost/repo`, 'POST', {
      name: '  ',
      private: true,
    });
    expect((await empty.json()).error).toMatchObject({
      title: 'Repository name required',
      message: 'Please enter a repository name.',
    });
  });

  it('import: a repository head becomes version 1 of a new chat, framework detected, linked for push and pull', async () => {
    await fake.createRepo('octo', 'vite-app', { autoInit: true });
    await fake.commitDirectly(
      'octo',
      'vite-app',
      'main',
      {
        'package.json': JSON.stringify({ dependencies: { react: '^19.0.0', 'react-dom': '^19.0.0' } }),
        'src/App.tsx': 'export default function App() { return <h1>Imported</h1>; }',
        'public/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
      },
      'App',
    );
    const response = await json(owner.client, '/api/codehost/import', 'POST', {
      repository: `${fake.url}/octo/vite-app`,
    });
    expect(response.status).toBe(201);
    const imported = await response.json();
    expect(imported.skipped).toEqual([expect.objectContaining({ path: 'public/logo.png' })]);
    const [chat] = await kiln.services.db.select().from(chats).where(eq(chats.id, imported.chatId));
    expect(chat).toMatchObject({
      framework: 'react',
      githubRepoName: 'octo/vite-app',
      githubSyncedVersion: 1,
    });
    const v1 = await latestVersion(imported.chatId);
    expect(parseSnapshot(v1.artifactCode).files.map((f) => f.name)).toContain('src/App.tsx');
    const pull = await (
      await json(owner.client, `/api/chats/${imported.chatId}/codehost/pull`, 'POST')
    ).json();
    expect(pull.message).toMatch(/No changes detected/);
  });

  it('a branch named like an option or otherwise not a branch, from the person or from GitHub: 422 invalid-branch, and git never sees it', async () => {
    const person = await signedUpUser(kiln, { premium: true });
    const evil = '--upload-pack=touch${IFS}/tmp/kiln-pwned';
    // GitHub's default branch for this user's repositories is a name git would read as an option.
    const { token } = fake.createUser('option-user', { defaultBranch: evil });
    await json(person.client, '/api/codehost/token', 'POST', { token });
    await fake.createRepo('option-user', 'tricky', { autoInit: true });
    await fake.commitDirectly('option-user', 'tricky', 'main', { 'index.html': '<h1>main</h1>' }, 'Main');

    // Named by the person: refused before GitHub or git is asked anything.
    const before = fake.requests.length;
    const named = [evil, '-main', 'a..b', 'x:refs/heads/y', 'a b', 'HEAD', 'main.lock'];
    for (const branch of named) {
      const answer = await json(person.client, '/api/codehost/import', 'POST', {
        repository: 'option-user/tricky',
        branch,
      });
      expect(answer.status, branch).toBe(422);
      expect((await answer.json()).error, branch).toMatchObject({
        code: 'invalid-branch',
        title: 'Invalid branch name',
      });
    }
    const inAddress = await json(person.client, '/api/codehost/import', 'POST', {
      repository: `${fake.url}/option-user/tricky/tree/${evil}`,
    });
    expect(inAddress.status).toBe(422);
    expect((await inAddress.json()).error.message).toBe(
      `The branch "${evil}" is not a valid branch name: it starts with "-".`,
    );
    expect(fake.requests.length).toBe(before);

    // GitHub's own default branch: refused once read, before any fetch or push names it.
    const imported = await json(person.client, '/api/codehost/import', 'POST', {
      repository: 'option-user/tricky',
    });
    expect(imported.status).toBe(422);
    expect((await imported.json()).error).toMatchObject({
      code: 'invalid-branch',
      message: `GitHub's default branch "${evil}" is not a valid branch name: it starts with "-".`,
    });
    // Another branch of the same repository imports as usual.
    const main = await json(person.client, '/api/codehost/import', 'POST', {
      repository: 'option-user/tricky',
      branch: 'main',
    });
    expect(main.status).toBe(201);

    // A repository created in Kiln takes GitHub's default branch: push and pull refuse it too.
    const { chatId } = await createVersion(kiln, {
      userId: person.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: '<h1>x</h1>' }],
    });
    const created = await json(person.client, `/api/chats/${chatId}/codehost/repo`, 'POST', {
      name: 'made-here',
      private: true,
    });
    expect(created.status).toBe(200);
    for (const route of ['push', 'pull']) {
      const answer = await json(
        person.client,
        `/api/chats/${chatId}/codehost/${route}`,
        'POST',
        route === 'push' ? { version: 1 } : undefined,
      );
      expect(answer.status, route).toBe(422);
      expect((await answer.json()).error, route).toMatchObject({
        code: 'invalid-branch',
        message: `The linked branch "${evil}" is not a valid branch name: it starts with "-".`,
      });
    }
    expect(fs.existsSync('/tmp/kiln-pwned')).toBe(false);
    expect(await fake.head('option-user', 'made-here', evil)).toBeNull();
  });

  it('a corrupt pack from GitHub: 502 codehost-bad-data with a clear message, never 500, and nothing is stored', async () => {
    const person = await signedUpUser(kiln, { premium: true });
    const { token } = fake.createUser('damaged-user');
    await json(person.client, '/api/codehost/token', 'POST', { token });
    /** A repository whose blob `a.txt` is damaged on GitHub's disk, the way `damage` says. */
    async function damagedRepo(name: string, damage: 'other-content' | 'garbage') {
      await fake.createRepo('damaged-user', name, { autoInit: true });
      await fake.commitDirectly('damaged-user', name, 'main', { 'a.txt': 'hello '.repeat(40) }, 'A file');
      const gitDir = fake.repoPath('damaged-user', name);
      const blob = execFileSync('git', ['--git-dir', gitDir, 'rev-parse', 'main:a.txt']).toString().trim();
      const file = path.join(gitDir, 'objects', blob.slice(0, 2), blob.slice(2));
      fs.chmodSync(file, 0o644);
      // Another blob under its name (the pack then lacks the object the tree names), or bytes
      // that are no object at all (GitHub's side breaks off, saying its repository is corrupt).
      fs.writeFileSync(
        file,
        damage === 'other-content' ? zlib.deflateSync(Buffer.from('blob 6\0HELLO\n')) : 'garbage',
      );
    }
    await damagedRepo('swapped', 'other-content');
    await damagedRepo('garbled', 'garbage');
    const chatsBefore = (await kiln.services.db.select().from(chats)).length;
    for (const name of ['swapped', 'garbled']) {
      const answer = await json(person.client, '/api/codehost/import', 'POST', {
        repository: `damaged-user/${name}`,
      });
      expect(answer.status, name).toBe(502);
      const { error } = await answer.json();
      expect(error, name).toMatchObject({
        code: 'codehost-bad-data',
        title: 'GitHub sent bad data',
        message: expect.stringMatching(/^GitHub sent repository data that git could not read/),
      });
      expect(error.detail, name).toMatch(/git fetch failed \(corrupt\)/);
      expect(JSON.stringify(error)).not.toContain(token);
    }
    expect((await kiln.services.db.select().from(chats)).length).toBe(chatsBefore);
  });

  it('the device flow: pending, then connected once approved; denied and expired say so', async () => {
    const person = await signedUpUser(kiln, { premium: true });
    fake.createUser('device-user');
    const started = await (await json(person.client, '/api/codehost/device', 'POST')).json();
    expect(started).toMatchObject({
      userCode: expect.any(String),
      verificationUri: expect.stringContaining(fake.url),
    });
    expect((await (await json(person.client, '/api/codehost/device/poll', 'POST')).json()).status).toBe(
      'pending',
    );
    fake.approveDevice(started.userCode, 'device-user');
    const done = await (await json(person.client, '/api/codehost/device/poll', 'POST')).json();
    expect(done).toMatchObject({
      status: 'connected',
      connection: { connected: true, username: 'device-user', method: 'device' },
    });

    const second = await (await json(person.client, '/api/codehost/device', 'POST')).json();
    fake.denyDevice(second.userCode);
    const denied = await (await json(person.client, '/api/codehost/device/poll', 'POST')).json();
    expect(denied).toMatchObject({ status: 'denied', message: expect.stringMatching(/denied/) });
    const third = await (await json(person.client, '/api/codehost/device', 'POST')).json();
    fake.expireDevice(third.userCode);
    expect((await (await json(person.client, '/api/codehost/device/poll', 'POST')).json()).status).toBe(
      'expired',
    );
  });

  it('a revoked token is found on use: "GitHub not connected" with the reason, not a silent failure', async () => {
    const person = await signedUpUser(kiln, { premium: true });
    const { token } = fake.createUser('revoked-user');
    await json(person.client, '/api/codehost/token', 'POST', { token });
    const { chatId } = await createVersion(kiln, {
      userId: person.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: 'x' }],
    });
    await json(person.client, `/api/chats/${chatId}/codehost/repo`, 'POST', {
      name: 'will-revoke',
      private: true,
    });
    fake.revokeToken(token);
    const push = await json(person.client, `/api/chats/${chatId}/codehost/push`, 'POST', { version: 1 });
    expect(push.status).toBe(409);
    expect((await push.json()).error).toMatchObject({
      code: 'codehost-not-connected',
      title: 'GitHub not connected',
    });
    const connection = await (await json(person.client, '/api/codehost/connection')).json();
    expect(connection).toMatchObject({ connected: false, username: 'revoked-user' });
    expect(connection.problem).toMatch(/refused/);
  });

  it('denials: visitor, stranger, free owner, not connected', async () => {
    const { chatId } = await createVersion(kiln, {
      userId: owner.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: 'x' }],
    });
    const visitor = new TestClient(kiln);
    const stranger = await signedUpUser(kiln, { premium: true });
    const free = await signedUpUser(kiln);
    const freeChat = await createVersion(kiln, {
      userId: free.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: 'x' }],
    });
    const notConnected = await signedUpUser(kiln, { premium: true });
    const theirChat = await createVersion(kiln, {
      userId: notConnected.userId,
      framework: 'html',
      files: [{ name: 'index.html', content: 'x' }],
    });
    for (const route of ['push', 'pull', 'repo']) {
      const body =
        route === 'push' ? { version: 1 } : route === 'repo' ? { name: 'x-repo', private: true } : undefined;
      expect((await json(visitor, `/api/chats/${chatId}/codehost/${route}`, 'POST', body)).status).toBe(401);
      expect(
        (await json(stranger.client, `/api/chats/${chatId}/codehost/${route}`, 'POST', body)).status,
      ).toBe(403);
      expect(
        (await json(free.client, `/api/chats/${freeChat.chatId}/codehost/${route}`, 'POST', body)).status,
      ).toBe(402);
    }
    const repo = await json(notConnected.client, `/api/chats/${theirChat.chatId}/codehost/repo`, 'POST', {
      name: 'x-repo',
      private: true,
    });
    expect(repo.status).toBe(409);
    expect((await repo.json()).error.code).toBe('codehost-not-connected');
    expect((await json(visitor, '/api/codehost/connection')).status).toBe(401);
  });
});
