/**
 * Issue 22 item 1: the real app-server runtime (bubblewrap, the Unix-socket bridge, the egress
 * bridge, the limits). Each hostile handler is stopped or refused while another app keeps being
 * served. Handlers are plain ESM files here: bundling is the builder's part (handler-bundle tests).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppServers, type AppStartSpec } from '../../../src/server/app-servers/manager.ts';
import { createAppRouting } from '../../../src/server/app-servers/app-routing.ts';
import { MAX_EGRESS_CONNECTIONS } from '../../../src/server/app-servers/egress-bridge.ts';
import type { EgressPolicy } from '../../../src/core/net/index.ts';
import { detectSandbox } from '../../../src/server/preview/sandbox.ts';

const sandbox = detectSandbox('auto');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-app-runtime-'));
let servers: AppServers;
let hostServer: http.Server;
let hostPort = 0;
let allowedServer: http.Server;
let allowedPort = 0;

function handlerApp(name: string, source: string): string {
  const workspace = path.join(root, name);
  fs.mkdirSync(workspace, { recursive: true });
  fs.writeFileSync(path.join(workspace, 'api.mjs'), source);
  return workspace;
}

function spec(
  workspace: string,
  secrets: Record<string, string> = {},
  egress: EgressPolicy = { allowPrivate: false, allowOrigins: [`127.0.0.1:${allowedPort}`] },
): () => Promise<AppStartSpec> {
  return async () => ({
    launch: { kind: 'handler', workspace, entry: path.join(workspace, 'api.mjs') },
    secrets,
    egress,
    meta: { chatId: path.basename(workspace), version: 1, deployed: false },
    hosts: ['.preview.kiln.example', 'shop.example.com', 'bad host,*'],
  });
}

async function ask(
  key: string,
  workspace: string,
  pathname = '/api/x',
  secrets?: Record<string, string>,
  egress?: EgressPolicy,
) {
  const outcome = await servers.handle(
    key,
    spec(workspace, secrets, egress),
    new Request(`http://app.test${pathname}`),
  );
  if (!outcome.ok) return { status: outcome.reason === 'timeout' ? 504 : 502, text: outcome.message };
  return { status: outcome.response.status, text: await outcome.response.text() };
}

/** Fetches `http://{host}:{port}/` from inside the sandbox and says what it got. */
const FETCHER = `export default { async fetch(request) {
  const params = new URL(request.url).searchParams;
  try { const r = await fetch('http://' + (params.get('host') ?? '127.0.0.1') + ':' + params.get('port') + '/'); return new Response('reached: ' + await r.text()); }
  catch (error) { return new Response('refused: ' + (error.cause?.code ?? error.message)); }
} };`;

function logText(key: string, of: AppServers = servers): string {
  return of
    .logs(key)
    .lines.map((line) => line.text)
    .join('\n');
}

const HELLO = `export default { fetch: (request, env) => new Response('hello ' + new URL(request.url).pathname + ' ' + (env.GREETING ?? process.env.GREETING ?? '')) };`;

beforeAll(async () => {
  servers = new AppServers({
    sandbox,
    runtimeDir: path.join(root, 'runtime'),
    maxRunning: 8,
    idleMs: 60_000,
    memoryMb: 256,
    maxProcesses: 256,
    startTimeoutMs: 60_000,
    requestTimeoutMs: 3_000,
    maxResponseBytes: 1024 * 1024,
  });
  hostServer = http.createServer((_, res) => res.end('kiln internals'));
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  hostPort = (hostServer.address() as { port: number }).port;
  allowedServer = http.createServer((_, res) => res.end('integration endpoint'));
  // A raw connection gets a greeting and is held open (the egress cap test counts them).
  allowedServer.on('connection', (socket) => {
    socket.once('data', () => undefined);
  });
  await new Promise<void>((resolve) => allowedServer.listen(0, '127.0.0.1', resolve));
  allowedPort = (allowedServer.address() as { port: number }).port;
});

afterAll(async () => {
  await servers?.close();
  hostServer?.close();
  allowedServer?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe.runIf(sandbox.kind === 'bwrap')('app-server runtime (bubblewrap)', () => {
  it('answers through the Unix socket, with the secrets as its environment', async () => {
    const app = handlerApp('hello', HELLO);
    const answer = await ask('hello', app, '/api/entries?x=1', { GREETING: 'from-secret' });
    expect(answer).toEqual({ status: 200, text: 'hello /api/entries from-secret' });
    expect(servers.stateOf('hello')).toBe('running');
    // The secret reached the process over stdin: nothing in its folder holds it.
    for (const file of fs.readdirSync(app, { recursive: true }) as string[]) {
      const full = path.join(app, file);
      if (fs.statSync(full).isFile()) expect(fs.readFileSync(full, 'utf8')).not.toContain('from-secret');
    }
  });

  it('tells a server that checks Host (Vite’s preview) the host names it is asked under', async () => {
    const app = handlerApp(
      'hosts',
      `export default { fetch: () => new Response(process.env.__VITE_ADDITIONAL_SERVER_ALLOWED_HOSTS) };`,
    );
    expect((await ask('hosts', app)).text).toBe('.preview.kiln.example,shop.example.com');
  });

  it('refuses Kiln’s own loopback port and lets an allowed integration endpoint through the egress bridge', async () => {
    const app = handlerApp(
      'egress',
      `export default { async fetch(request) {
        const port = new URL(request.url).searchParams.get('port');
        try { const r = await fetch('http://127.0.0.1:' + port + '/'); return new Response('reached: ' + await r.text()); }
        catch (error) { return new Response('refused: ' + (error.cause?.code ?? error.message)); }
      } };`,
    );
    const kiln = await ask('egress', app, `/api/go?port=${hostPort}`);
    expect(kiln.text).toMatch(/^refused/);
    expect(kiln.text).not.toContain('kiln internals');
    const allowed = await ask('egress', app, `/api/go?port=${allowedPort}`);
    expect(allowed.text).toBe('reached: integration endpoint');
    expect(
      servers
        .logs('egress')
        .lines.map((line) => line.text)
        .join('\n'),
    ).toContain(`outgoing connection to 127.0.0.1:${hostPort} refused`);
  });

  it('reaches public hosts on the open ports and the integrations’ own ports only; another port is refused and logged (issue 31 item 6)', async () => {
    // Loopback servers stand in for public hosts: a policy that names its ports (an app server's
    // always does) keeps its port rule when `allowPrivate` lifts the address rule.
    const web = http.createServer((_, res) => res.end('public web'));
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const webPort = (web.address() as { port: number }).port;
    try {
      const app = handlerApp('ports', FETCHER);
      const egress: EgressPolicy = {
        allowPrivate: true,
        // KILN_APP_EGRESS_PORTS=80,443,{webPort}: ports 80 and 443 cannot be bound here.
        ports: [80, 443, webPort],
        // The chat's SMTP or PostgreSQL server on its own port.
        allowOriginPorts: [`127.0.0.1:${allowedPort}`],
      };
      const go = (port: number, host = '127.0.0.1') =>
        ask('ports', app, `/api/go?host=${host}&port=${port}`, {}, egress);
      expect((await go(webPort)).text).toBe('reached: public web');
      expect((await go(allowedPort)).text).toBe('reached: integration endpoint');
      // A public host on a port nobody opened: a relay or a scanner from Kiln's address.
      const closed = await go(hostPort);
      expect(closed.text).toMatch(/^refused/);
      expect(closed.text).not.toContain('kiln internals');
      // The integration's port is open for its own host only.
      expect((await go(allowedPort, 'localhost')).text).toMatch(/^refused/);
      const log = logText('ports');
      expect(log).toContain(
        `outgoing connection to 127.0.0.1:${hostPort} refused: port ${hostPort} is closed`,
      );
      expect(log).toContain(
        `outgoing connection to localhost:${allowedPort} refused: port ${allowedPort} is closed`,
      );
      expect(log).not.toContain(`127.0.0.1:${webPort} refused`);
    } finally {
      web.close();
    }
  });

  it('a chat’s integration endpoint is reached on its own port, its address still checked, without KILN_ALLOW_PRIVATE_INTEGRATIONS', async () => {
    const smtp = { host: '127.0.0.1', port: allowedPort, user: 'u', password: 'p', from: 'a@b.example' };
    const target = (key: string) => ({
      chatId: key,
      version: 1,
      deployed: false,
      key,
      manifest: { format: 2 as const, kind: 'handler' as const, entry: 'api.mjs' as const },
      hosts: [],
      readAppFile: async (name: string) => (name === 'api.mjs' ? Buffer.from(FETCHER) : null),
    });
    const routing = (allowPrivateIntegrations: boolean) =>
      createAppRouting({
        servers,
        root: path.join(root, 'routing-egress'),
        integrations: { serverValues: async () => [{ providerId: 'smtp', values: smtp }] },
        allowPrivateIntegrations,
      });
    const go = async (key: string, allowPrivate: boolean, port: number) => {
      const answer = await routing(allowPrivate).forward(
        target(key),
        new Request(`http://app.test/api/go?port=${port}`),
      );
      return answer.kind === 'response' ? await answer.response.text() : answer.kind;
    };
    // Off: the endpoint's port is open, and its loopback address refused (it stands in for a
    // public host, which would be reached); another port is refused for its port.
    expect(await go('preview:guarded', false, allowedPort)).toMatch(/^refused/);
    expect(await go('preview:guarded', false, hostPort)).toMatch(/^refused/);
    const log = logText('preview:guarded');
    expect(log).toContain(
      `outgoing connection to 127.0.0.1:${allowedPort} refused: 127.0.0.1 is a loopback address`,
    );
    expect(log).toContain(`outgoing connection to 127.0.0.1:${hostPort} refused: port ${hostPort} is closed`);
    // On: the endpoint itself is reached, nothing else on the machine.
    expect(await go('preview:private-ok', true, allowedPort)).toBe('reached: integration endpoint');
    expect(await go('preview:private-ok', true, hostPort)).toMatch(/^refused/);
  });

  it('cuts a response that trickles forever at KILN_APP_RESPONSE_TIMEOUT_MS, logs it, and frees the server', async () => {
    const deadline = new AppServers({
      sandbox,
      runtimeDir: path.join(root, 'runtime'),
      maxRunning: 2,
      idleMs: 500,
      memoryMb: 256,
      maxProcesses: 256,
      startTimeoutMs: 60_000,
      // The gap between two chunks (100 ms) never trips this one.
      requestTimeoutMs: 3_000,
      responseTimeoutMs: 2_000,
      maxResponseBytes: 1024 * 1024,
    });
    try {
      const app = handlerApp(
        'trickle',
        `export default { fetch() {
          let timer;
          const body = new ReadableStream({
            start(controller) { timer = setInterval(() => controller.enqueue(new TextEncoder().encode('.')), 100); },
            cancel() { clearInterval(timer); },
          });
          return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
        } };`,
      );
      const started = performance.now();
      const outcome = await deadline.handle('trickle', spec(app), new Request('http://app.test/api/events'));
      expect(outcome.ok).toBe(true);
      if (!outcome.ok) return;
      const body = outcome.response.body!;
      const reader = body.getReader();
      let received = 0;
      const read = (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return 'ended whole';
          received += value.length;
        }
      })().catch((error: Error) => error.message);
      let wait: NodeJS.Timeout | undefined;
      const result = await Promise.race([
        read,
        new Promise<string>((resolve) => (wait = setTimeout(() => resolve('still open'), 15_000))),
      ]);
      clearTimeout(wait);
      if (result === 'still open') await reader.cancel();
      expect(result).toMatch(/did not finish within 2000 ms/);
      // Part of it came through (one byte every 100 ms), then it was cut near the deadline.
      expect(received).toBeGreaterThan(0);
      expect(performance.now() - started).toBeLessThan(12_000);
      expect(logText('trickle', deadline)).toContain('response not finished within 2000 ms');
      // The request no longer counts as in flight: the idle server is stopped.
      await expect.poll(() => deadline.stateOf('trickle'), { timeout: 20_000 }).toBe('stopped');
    } finally {
      await deadline.close();
    }
  });

  it('cannot read a file outside its workspace', async () => {
    const secretFile = path.join(root, 'outside.txt');
    fs.writeFileSync(secretFile, 'top secret');
    const app = handlerApp(
      'reader',
      `import fs from 'node:fs';
      export default { fetch() {
        try { return new Response('read: ' + fs.readFileSync(${JSON.stringify(secretFile)}, 'utf8')); }
        catch (error) { return new Response('refused: ' + error.code); }
      } };`,
    );
    const answer = await ask('reader', app);
    expect(answer.text).toBe('refused: ENOENT');
  });

  it('stops a handler that loops forever (504) and goes on serving other apps', async () => {
    const loop = handlerApp('loop', `export default { fetch() { for (;;) {} } };`);
    const hello = handlerApp('hello-2', HELLO);
    const stuck = await ask('loop', loop);
    expect(stuck.status).toBe(504);
    expect((await ask('hello-2', hello)).text).toBe('hello /api/x ');
    await expect.poll(() => servers.stateOf('loop'), { timeout: 30_000 }).toBe('stopped');
    expect(
      servers
        .logs('loop')
        .lines.map((line) => line.text)
        .join('\n'),
    ).toContain('the server is restarted');
  });

  it('stops a handler that allocates without bound and goes on serving other apps', async () => {
    const hog = handlerApp(
      'hog',
      `const keep = []; export default { fetch() { for (;;) keep.push(Buffer.alloc(1024 * 1024, 1)); } };`,
    );
    const hello = handlerApp('hello-3', HELLO);
    const answer = await ask('hog', hog);
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect((await ask('hello-3', hello)).status).toBe(200);
    await expect.poll(() => servers.stateOf('hog'), { timeout: 30_000 }).not.toBe('running');
    expect(
      servers
        .logs('hog')
        .lines.map((line) => line.text)
        .join('\n'),
    ).toMatch(/memory|heap/i);
  });

  it('a page load waits a little for a cold server, then gets the Starting answer; a fetch waits for it', async () => {
    const routing = createAppRouting({
      servers,
      root: path.join(root, 'routing'),
      integrations: { serverValues: async () => [] },
      allowPrivateIntegrations: false,
    });
    // The module takes 3 s to load whatever the machine: longer than the page's wait.
    const slow = `await new Promise((resolve) => setTimeout(resolve, 3000));
      export default { fetch: () => new Response('finally up') };`;
    const target = {
      chatId: 'slow',
      version: 1,
      deployed: false,
      key: 'preview:slow',
      manifest: { format: 2 as const, kind: 'handler' as const, entry: 'api.mjs' as const },
      hosts: [],
      readAppFile: async (name: string) => (name === 'api.mjs' ? Buffer.from(slow) : null),
    };
    const page = await routing.forward(target, new Request('http://app.test/api/x'), { waitMs: 100 });
    expect(page.kind).toBe('starting');
    const fetched = await routing.forward(target, new Request('http://app.test/api/x'));
    expect(fetched.kind === 'response' && (await fetched.response.text())).toBe('finally up');
  });

  it('never stops a server for idleness while it is answering (a slow first page)', async () => {
    const quick = new AppServers({
      sandbox,
      runtimeDir: path.join(root, 'runtime'),
      maxRunning: 2,
      idleMs: 300,
      memoryMb: 256,
      maxProcesses: 256,
      startTimeoutMs: 60_000,
      requestTimeoutMs: 30_000,
      maxResponseBytes: 1024 * 1024,
    });
    try {
      // Answers after 2 s whatever the machine: longer than the idle time.
      const app = handlerApp(
        'slow-answer',
        `export default { fetch: () => new Promise((resolve) => setTimeout(() => resolve(new Response('late but whole')), 2000)) };`,
      );
      const outcome = await quick.handle('slow-answer', spec(app), new Request('http://app.test/api/x'));
      expect(outcome.ok && (await outcome.response.text())).toBe('late but whole');
      // Idle afterwards: stopped.
      await expect.poll(() => quick.stateOf('slow-answer'), { timeout: 30_000 }).toBe('stopped');
    } finally {
      await quick.close();
    }
  });

  it('a deployment’s server comes back by itself after a crash', async () => {
    const app = handlerApp(
      'deployed-crash',
      `export default { fetch(request) {
        if (new URL(request.url).pathname === '/api/crash') setTimeout(() => process.exit(3), 10);
        return new Response('alive');
      } };`,
    );
    const deployed = async (): Promise<AppStartSpec> => ({
      ...(await spec(app)()),
      meta: { chatId: 'd', version: 1, deployed: true },
    });
    const first = await servers.handle('deployed-crash', deployed, new Request('http://app.test/api/crash'));
    expect(first.ok && (await first.response.text())).toBe('alive');
    await expect
      .poll(() => servers.logs('deployed-crash').lines.some((line) => /ended/.test(line.text)), {
        timeout: 30_000,
      })
      .toBe(true);
    // No request in between: Kiln starts it again on its own.
    await expect.poll(() => servers.stateOf('deployed-crash'), { timeout: 60_000 }).toBe('running');
    const starts = servers
      .logs('deployed-crash')
      .lines.filter((line) => /starting the api\/ handler/.test(line.text));
    expect(starts.length).toBe(2);
  });

  it('cannot write into its own folder (a handler holds only its bundle)', async () => {
    const app = handlerApp(
      'writer',
      `import fs from 'node:fs';
      export default { fetch() {
        try { fs.writeFileSync(new URL('./filled.bin', import.meta.url), Buffer.alloc(1024)); return new Response('wrote'); }
        catch (error) { return new Response('refused: ' + error.code); }
      } };`,
    );
    expect((await ask('writer', app)).text).toBe('refused: EROFS');
    expect(fs.existsSync(path.join(app, 'filled.bin'))).toBe(false);
  });

  it(`holds at most ${MAX_EGRESS_CONNECTIONS} outgoing connections at once`, async () => {
    const app = handlerApp(
      'many-sockets',
      `import net from 'node:net';
      const held = [];
      export default { async fetch(request) {
        const port = Number(new URL(request.url).searchParams.get('port'));
        const outcomes = await Promise.all(Array.from({ length: 80 }, () => new Promise((resolve) => {
          const socket = net.connect({ host: '127.0.0.1', port });
          held.push(socket);
          socket.write('GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n');
          socket.once('data', () => resolve('answered'));
          socket.once('close', () => resolve('closed'));
          socket.once('error', () => resolve('closed'));
        })));
        return Response.json({ answered: outcomes.filter((o) => o === 'answered').length, closed: outcomes.filter((o) => o === 'closed').length });
      } };`,
    );
    const answer = JSON.parse((await ask('many-sockets', app, `/api/x?port=${allowedPort}`)).text) as {
      answered: number;
      closed: number;
    };
    expect(answer.answered).toBeLessThanOrEqual(MAX_EGRESS_CONNECTIONS);
    expect(answer.closed).toBeGreaterThanOrEqual(80 - MAX_EGRESS_CONNECTIONS);
    expect(
      servers
        .logs('many-sockets')
        .lines.map((line) => line.text)
        .join('\n'),
    ).toContain('more than 64 open at once');
  });
});
