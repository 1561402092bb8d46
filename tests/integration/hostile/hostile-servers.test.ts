/**
 * The hostile corpus's servers (tests/fixtures/hostile/servers, issue 31 items 2, 5 and 8) run by
 * the real app-server runtime in bubblewrap: what Kiln's proxy connects to cannot be replaced, no
 * place a server can write is outside a cap or outlives it, and no environment in its /proc holds
 * Kiln's.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppLaunch } from '../../../src/server/app-servers/app-process.ts';
import { AppServers, type AppStartSpec } from '../../../src/server/app-servers/manager.ts';
import { detectSandbox } from '../../../src/server/preview/sandbox.ts';

const sandbox = detectSandbox('auto');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-hostile-servers-'));
const fixtures = path.join(import.meta.dirname, '..', '..', 'fixtures', 'hostile', 'servers');
const DISK_MB = 8;
let servers: AppServers;

function fixture(name: string, replacements: Record<string, string> = {}): string {
  let text = fs.readFileSync(path.join(fixtures, name), 'utf8');
  for (const [from, to] of Object.entries(replacements)) text = text.replaceAll(from, to);
  return text;
}

/** A folder of the test's holding one file, as a handler's folder or a kept workspace. */
function folderWith(name: string, file: string, text: string): string {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
  return dir;
}

function spec(launch: AppLaunch, secrets: Record<string, string> = {}): () => Promise<AppStartSpec> {
  return async () => ({
    launch,
    secrets,
    egress: { allowPrivate: false, allowOrigins: [] },
    meta: { chatId: path.basename(launch.workspace), version: 1, deployed: false },
  });
}

async function ask(key: string, describe: () => Promise<AppStartSpec>, pathname: string) {
  const outcome = await servers.handle(key, describe, new Request(`http://app.test${pathname}`));
  if (!outcome.ok) return { status: 502, text: outcome.message };
  return { status: outcome.response.status, text: await outcome.response.text() };
}

/** Every file below `dir` with its size: what a server left on the host's disk. */
function listing(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const stat = fs.lstatSync(path.join(dir, name));
    out[name] = stat.isFile() ? stat.size : -1;
  }
  return out;
}

const runDirsOfThisProcess = () =>
  fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(`kiln-app-${process.pid}-`));

beforeAll(() => {
  servers = new AppServers({
    sandbox,
    runtimeDir: path.join(root, 'runtime'),
    maxRunning: 8,
    idleMs: 60_000,
    memoryMb: 256,
    maxProcesses: 256,
    diskMb: DISK_MB,
    startTimeoutMs: 60_000,
    requestTimeoutMs: 10_000,
    maxResponseBytes: 1024 * 1024,
  });
});

afterAll(async () => {
  await servers?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe.runIf(sandbox.kind === 'bwrap')('hostile servers (bubblewrap)', () => {
  it('a handler that replaces its sockets with links to a host socket never makes Kiln connect there', async () => {
    // A root-only socket of the host, standing in for docker.sock: it must never be reached.
    const hostSocket = path.join(root, 'docker.sock');
    const reached: string[] = [];
    const host = net.createServer((socket) => {
      socket.once('data', (data) => reached.push(data.toString('latin1').split('\r\n')[0]!));
      socket.end('HTTP/1.1 200 OK\r\ncontent-length: 11\r\nconnection: close\r\n\r\nhost socket');
    });
    await new Promise<void>((resolve) => host.listen(hostSocket, resolve));
    fs.chmodSync(hostSocket, 0o600);
    try {
      const dir = folderWith('swap', 'api.mjs', fixture('socket-swap.mjs', { __HOST_SOCKET__: hostSocket }));
      const describe = spec({ kind: 'handler', workspace: dir, entry: path.join(dir, 'api.mjs') });
      const swapped = await ask('swap', describe, '/api/swap');
      expect(swapped.status).toBe(200);
      // The run folder is Kiln's and read-only: nothing in it can be replaced or filled.
      expect(swapped.text).not.toContain('replaced');
      expect(swapped.text).not.toContain('fill: written');
      for (let i = 0; i < 5; i++) {
        const next = await ask('swap', describe, '/api/next');
        expect(next).toEqual({ status: 200, text: 'app' });
      }
      expect(reached).toEqual([]);
    } finally {
      host.close();
    }
  });

  it('a server that writes everywhere writes only into its capped layer, and nothing of it outlives it', async () => {
    const workspace = folderWith('writer', 'server.mjs', fixture('write-everywhere.mjs'));
    fs.mkdirSync(path.join(workspace, 'node_modules'));
    const before = listing(workspace);
    const runDirsBefore = runDirsOfThisProcess();
    const launch: AppLaunch = {
      kind: 'command',
      workspace,
      command: ['node', 'server.mjs'],
      label: 'node server.mjs',
    };
    const small = await ask('writer', spec(launch), '/write?mb=1');
    const results = JSON.parse(small.text) as Record<string, string>;
    // Read-only: the sandbox's root, /dev, Kiln's run folder, the system.
    expect(results.root).toBe('EROFS');
    expect(results.dev).toBe('EROFS');
    expect(results.run).toBe('EROFS');
    expect(results.usr).toBe('EROFS');
    // Its own layer and capped memory folders take a little.
    expect(results.workspace).toBe('written');
    expect(results.nodeModules).toBe('written');
    expect(results.shm).toBe('written');
    // Past the layer's cap (KILN_APP_DISK_MB), the kernel says no.
    const large = JSON.parse((await ask('writer', spec(launch), `/write?mb=${DISK_MB * 2}`)).text) as Record<
      string,
      string
    >;
    expect(large.workspace).toMatch(/ENOSPC|EFBIG/);
    // Nothing it wrote reached the kept workspace on the host, during its run or after it.
    expect(listing(workspace)).toEqual(before);
    await servers.stop('writer');
    expect(listing(workspace)).toEqual(before);
    await expect.poll(runDirsOfThisProcess).toEqual(runDirsBefore);
    // A new run starts from the image again.
    const again = JSON.parse((await ask('writer', spec(launch), '/write?mb=1')).text) as Record<
      string,
      string
    >;
    expect(again.workspace).toBe('written');
    await servers.stop('writer');
  });

  it('no environment a handler can read in /proc holds Kiln’s own or another server’s secrets', async () => {
    const canary = `kiln-canary-${randomBytes(12).toString('hex')}`;
    process.env.KILN_HOSTILE_CANARY = canary;
    try {
      const other = folderWith('other', 'api.mjs', `export default { fetch: () => new Response('other') };`);
      const otherSecret = `other-secret-${randomBytes(12).toString('hex')}`;
      const otherSpec = spec(
        { kind: 'handler', workspace: other, entry: path.join(other, 'api.mjs') },
        { DATABASE_URL: otherSecret },
      );
      expect((await ask('other', otherSpec, '/api/x')).text).toBe('other');
      const reader = folderWith('environ', 'api.mjs', fixture('proc-environ.mjs'));
      const answer = await ask(
        'environ',
        spec({ kind: 'handler', workspace: reader, entry: path.join(reader, 'api.mjs') }),
        '/api/x',
      );
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(canary);
      expect(answer.text).not.toContain(otherSecret);
      for (const [key, value] of Object.entries(process.env)) {
        if (key.startsWith('KILN_') && value && value.length >= 12) expect(answer.text).not.toContain(value);
      }
    } finally {
      delete process.env.KILN_HOSTILE_CANARY;
    }
  });
});
