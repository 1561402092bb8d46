import { serve, type ServerType } from '@hono/node-server';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPidsGroup } from '../../src/server/preview/pids-group.ts';
import {
  buildVersion,
  createPreviewKiln,
  createUser,
  createVersion,
  previewHost,
  templateWith,
  waitForBuild,
  type TestKiln,
} from './preview-helpers.ts';

/**
 * Issue 21 item 4 (decision 0031): a generated project's build cannot read Kiln's data folder
 * (its secret, database, blobs, other chats' workspaces and builds) nor reach Kiln's own port;
 * a fork bomb and a write far past the disk quota each end as a classified build error, the
 * host keeps no trace of them, and other users' builds and previews are served meanwhile.
 */
const DISK_MB = 64;
const MAX_PROCESSES = 256;
const SECRET = 'kiln-secret-canary-7f3a';

const reactPackage = () =>
  JSON.parse(templateWith('react', {}).find((file) => file.name === 'package.json')!.content) as {
    scripts: Record<string, string>;
  };

/** A react project whose build script is `script` (with its helper files). */
function projectWith(script: string, extra: Record<string, string> = {}) {
  const pkg = reactPackage();
  pkg.scripts.build = script;
  return templateWith('react', { ...extra, 'package.json': JSON.stringify(pkg, null, 2) });
}

/** Processes on this host whose command line holds `token` (a test's own marker). */
function processesWith(token: string): number {
  let count = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(token)) count += 1;
    } catch {
      // ended while reading
    }
  }
  return count;
}

/** Files named `name` anywhere under the workspaces folder (links not followed). */
function filesNamed(root: string, name: string): string[] {
  const found: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.name === name) found.push(full);
      if (entry.isDirectory()) stack.push(full);
    }
  }
  return found;
}

describe("the build sandbox: Kiln's data, processes and disk", () => {
  let kiln: TestKiln;
  let server: ServerType;
  let kilnPort = 0;
  /** A version built before the attacks: its preview must keep being served. */
  let served: { chatId: string; version: number };

  beforeAll(async () => {
    kiln = await createPreviewKiln({
      KILN_BUILD_DISK_MB: String(DISK_MB),
      KILN_BUILD_MAX_PROCESSES: String(MAX_PROCESSES),
    });
    kiln.services.preview.start();
    // What a real data folder holds (the test's database is in memory): the generated secret,
    // the database folder, blobs and another chat's workspace.
    fs.writeFileSync(path.join(kiln.dataDir, 'secret'), SECRET, { mode: 0o600 });
    fs.mkdirSync(path.join(kiln.dataDir, 'data'), { recursive: true });
    fs.writeFileSync(path.join(kiln.dataDir, 'data', 'PG_VERSION'), `17 ${SECRET}`);
    fs.mkdirSync(path.join(kiln.dataDir, 'blobs'), { recursive: true });
    fs.writeFileSync(path.join(kiln.dataDir, 'blobs', 'attachment'), SECRET);
    fs.mkdirSync(path.join(kiln.dataDir, 'workspaces', 'other-chat', 'src'), { recursive: true });
    fs.writeFileSync(path.join(kiln.dataDir, 'workspaces', 'other-chat', 'src', 'App.tsx'), SECRET);
    server = serve({ fetch: kiln.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    kilnPort = (server.address() as net.AddressInfo).port;

    const built = await buildVersion(kiln, {
      userId: await createUser(kiln),
      framework: 'react',
      files: templateWith('react', {}),
    });
    expect(built.state).toEqual({ status: 'ready' });
    served = built;
  }, 240_000);

  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await kiln?.close();
  });

  it('this host gives builds a pids cgroup (the kernel refuses forks beyond the limit)', async () => {
    const group = createPidsGroup(MAX_PROCESSES);
    expect(group).not.toBeNull();
    await group?.remove();
  });

  it("a build cannot read Kiln's secret, database, blobs or other workspaces, nor reach Kiln's port", async () => {
    const dataDir = kiln.dataDir;
    const evil = `
import fs from 'node:fs';
const results = {};
const attempt = async (name, action) => {
  try { const got = await action(); results[name] = 'ALLOWED ' + String(got).slice(0, 80); } catch (error) { results[name] = 'blocked: ' + (error.code ?? error.message); }
};
await attempt('readSecret', () => fs.readFileSync(${JSON.stringify(path.join(dataDir, 'secret'))}, 'utf8'));
await attempt('readDatabase', () => fs.readFileSync(${JSON.stringify(path.join(dataDir, 'data', 'PG_VERSION'))}, 'utf8'));
await attempt('readBlob', () => fs.readFileSync(${JSON.stringify(path.join(dataDir, 'blobs', 'attachment'))}, 'utf8'));
await attempt('readOtherWorkspace', () => fs.readFileSync(${JSON.stringify(path.join(dataDir, 'workspaces', 'other-chat', 'src', 'App.tsx'))}, 'utf8'));
// The path down to the workspace exists in the sandbox; nothing else beside it may.
const others = (dir, own) => { const names = fs.readdirSync(dir).filter((name) => name !== own); if (names.length === 0) throw new Error('only its own path'); return names.join(','); };
await attempt('listDataFolder', () => others(${JSON.stringify(dataDir)}, 'workspaces'));
await attempt('listWorkspaces', () => others('..', process.cwd().split('/').pop()));
await attempt('listBuilds', () => fs.readdirSync(${JSON.stringify(path.join(dataDir, 'builds'))}).join(','));
await attempt('kilnPort', async () => (await fetch('http://127.0.0.1:${kilnPort}/api/health', { signal: AbortSignal.timeout(3000) })).status);
await attempt('kilnPortLocalhost', async () => (await fetch('http://localhost:${kilnPort}/', { signal: AbortSignal.timeout(3000) })).status);
await attempt('secretInEnvironment', () => { if (!JSON.stringify(process.env).includes(${JSON.stringify(SECRET.slice(0, 12))}) && !process.env.KILN_SECRET) throw new Error('absent'); return 'found'; });
fs.mkdirSync('public', { recursive: true });
fs.writeFileSync('public/result.json', JSON.stringify(results));
`;
    const { chatId, version } = await createVersion(kiln, {
      userId: await createUser(kiln),
      framework: 'react',
      files: projectWith('node evil.mjs && vite build', { 'evil.mjs': evil }),
    });
    await kiln.services.preview.requestBuild(chatId, version);
    expect(await waitForBuild(kiln, chatId, version)).toEqual({ status: 'ready' });
    const response = await kiln.app.request('/result.json', {
      headers: { host: previewHost(chatId, version) },
    });
    const results = (await response.json()) as Record<string, string>;
    expect(Object.keys(results)).toHaveLength(10);
    for (const [name, outcome] of Object.entries(results)) expect(`${name}: ${outcome}`).toMatch(/: blocked/);
    expect(JSON.stringify(results)).not.toContain(SECRET);
    // Kiln's port itself answers from outside the sandbox: the refusal above is the sandbox's.
    expect((await fetch(`http://127.0.0.1:${kilnPort}/api/health`)).status).toBeLessThan(500);
  }, 240_000);

  it("a fork bomb ends as 'Too Many Processes', leaves no process behind, and another user's build and preview are served meanwhile", async () => {
    const token = `kilnbomb${Date.now()}`;
    const bomb = await createVersion(kiln, {
      userId: await createUser(kiln),
      framework: 'react',
      // The classic bash bomb; the token marks its processes on the host.
      files: projectWith(`bash -c ':(){ :|:& };: # ${token}' && vite build`),
    });
    const other = await createVersion(kiln, {
      userId: await createUser(kiln),
      framework: 'react',
      files: templateWith('react', { 'src/extra.ts': 'export const other = 1;\n' }),
    });
    await kiln.services.preview.requestBuild(bomb.chatId, bomb.version);
    await kiln.services.preview.requestBuild(other.chatId, other.version);
    const preview = await kiln.app.request('/', {
      headers: { host: previewHost(served.chatId, served.version) },
    });
    expect(preview.status).toBe(200);

    const [bombState, otherState] = await Promise.all([
      waitForBuild(kiln, bomb.chatId, bomb.version),
      waitForBuild(kiln, other.chatId, other.version),
    ]);
    expect(bombState).toMatchObject({
      status: 'error',
      error: {
        title: 'Too Many Processes',
        description: 'The build started more processes than allowed and was stopped.',
      },
    });
    expect(otherState).toEqual({ status: 'ready' });
    // Nothing of the bomb is left on the host.
    await vi.waitFor(() => expect(processesWith(token)).toBe(0), { timeout: 30_000, interval: 200 });
  }, 300_000);

  it("a Node script spawning children forever ends as 'Too Many Processes'", async () => {
    const token = `kilnspawn${Date.now()}`;
    const spawner = `
import { spawn } from 'node:child_process';
// ${token}
const again = () => { const child = spawn(process.execPath, [process.argv[1], '${token}'], { stdio: 'inherit' }); child.on('error', () => setTimeout(again, 10)); };
again(); again();
setInterval(() => {}, 1000);
`;
    const { state } = await buildVersion(kiln, {
      userId: await createUser(kiln),
      framework: 'react',
      files: projectWith('node spawner.mjs && vite build', { 'spawner.mjs': spawner }),
    });
    expect(state).toMatchObject({ status: 'error', error: { title: 'Too Many Processes' } });
    await vi.waitFor(() => expect(processesWith(token)).toBe(0), { timeout: 30_000, interval: 200 });
  }, 300_000);

  it.each([
    ['dd writing 10 GB into one file', 'dd if=/dev/zero of=huge.bin bs=1M count=10240 && vite build', {}],
    [
      'a Node script writing 1 MB files forever',
      'node fill.mjs && vite build',
      {
        'fill.mjs': `import fs from 'node:fs';
fs.mkdirSync('fill', { recursive: true });
const chunk = Buffer.alloc(1024 * 1024, 1);
for (let i = 0; ; i++) fs.writeFileSync('fill/huge.bin' + i, chunk);
`,
      },
    ],
  ])(
    "%s ends as 'Disk Quota Exceeded' and the workspace is removed",
    async (_name, script, extra: Record<string, string>) => {
      const { state } = await buildVersion(kiln, {
        userId: await createUser(kiln),
        framework: 'react',
        files: projectWith(script, extra),
      });
      expect(state).toMatchObject({
        status: 'error',
        error: {
          title: 'Disk Quota Exceeded',
          description: 'The build wrote more data than its disk quota allows and was stopped.',
        },
      });
      const workspaces = path.join(kiln.dataDir, 'workspaces');
      await vi.waitFor(
        () => {
          expect(filesNamed(workspaces, 'huge.bin')).toEqual([]);
          expect(filesNamed(workspaces, 'fill')).toEqual([]);
        },
        { timeout: 30_000, interval: 200 },
      );
      // Kiln still serves the earlier preview.
      const preview = await kiln.app.request('/', {
        headers: { host: previewHost(served.chatId, served.version) },
      });
      expect(preview.status).toBe(200);
    },
    300_000,
  );
});

describe('the build sandbox: memory and time', () => {
  let kiln: TestKiln;

  beforeAll(async () => {
    // pnpm installs under Kiln's own caps (installLimits: at least 1 GiB and 5 min), never the
    // project's 256 MB and 20 s, so this holds whether the run's store is warm yet or not (a cold
    // install peaks near 450 MB and took over 20 s on a loaded CI machine).
    kiln = await createPreviewKiln({ KILN_BUILD_MEMORY_MB: '256', KILN_BUILD_TIMEOUT_MS: '20000' });
    kiln.services.preview.start();
  });
  afterAll(async () => {
    await kiln?.close();
  });

  it("a build holding ever more memory ends as 'Out of Memory', one that never ends as 'Build Timed Out'", async () => {
    const hog = `const kept = [];
setInterval(() => { kept.push(Buffer.alloc(16 * 1024 * 1024, 1)); }, 20);
`;
    const [memory, time] = await Promise.all([
      buildVersion(kiln, {
        userId: await createUser(kiln),
        framework: 'react',
        files: projectWith('node hog.mjs && vite build', { 'hog.mjs': hog }),
      }),
      buildVersion(kiln, {
        userId: await createUser(kiln),
        framework: 'react',
        files: projectWith('sleep 600 && vite build'),
      }),
    ]);
    expect(memory.state).toMatchObject({
      status: 'error',
      error: {
        title: 'Out of Memory',
        description: 'The build used more memory than allowed and was stopped.',
      },
    });
    expect(time.state).toMatchObject({
      status: 'error',
      error: { title: 'Build Timed Out', description: 'The build took longer than allowed and was stopped.' },
    });
  }, 240_000);
});
