import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBuildScript } from '../../src/server/preview/build-step.ts';
import { detectSandbox } from '../../src/server/preview/sandbox.ts';

/**
 * A build may listen on `localhost` inside the sandbox's own network namespace: Angular's SSR
 * route extraction does during `ng build` (`ng new --ssr`), and without a hosts file `localhost`
 * did not resolve (getaddrinfo EAI_AGAIN). The host's /etc stays out of reach.
 */
const sandbox = detectSandbox('auto');
const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-localhost-'));
afterAll(() => fs.rmSync(workspace, { recursive: true, force: true }));

const script = `
const net = require('node:net');
const fs = require('node:fs');
let passwd = 'unreadable';
try { fs.readFileSync('/etc/passwd'); passwd = 'readable'; } catch {}
const server = net.createServer((socket) => socket.end('pong'));
server.listen(0, 'localhost', () => {
  const socket = net.connect(server.address().port, 'localhost');
  socket.on('data', (data) => { console.log('answer:' + data + ' passwd:' + passwd); server.close(); socket.end(); });
});
server.on('error', (error) => { console.log('error:' + error.code); process.exit(1); });
`;

describe.runIf(sandbox.kind === 'bwrap')('localhost in the build sandbox', () => {
  it('resolves to the sandbox own loopback, and /etc holds nothing else', async () => {
    fs.writeFileSync(path.join(workspace, 'listen.cjs'), script);
    const limits = {
      timeoutMs: 60_000,
      memoryMb: 512,
      diskMb: 64,
      maxProcesses: 64,
      maxOutputBytes: 64 * 1024,
    };
    const run = await runBuildScript(sandbox, workspace, 'node listen.cjs', limits);
    expect(run.output).toContain('answer:pong passwd:unreadable');
    expect(run.exitCode).toBe(0);
  });
});
