// The app server's entry inside the sandbox (decision 0054). Two modes:
// - handler: imports the bundled `api/` handler and serves it on a Unix socket with
//   @hono/node-server (the request becomes a web-standard Request; secrets are its env);
// - command: starts the project's own server (next start, node build/index.js…) on PORT inside the
//   sandbox's private loopback and forwards the Unix socket to it.
// It prints the ready marker once the socket answers; Kiln talks to nothing else.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import console from 'node:console';
import http from 'node:http';
import net from 'node:net';
import process from 'node:process';
import { setTimeout } from 'node:timers';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';

const READY = '\u0006kiln-standby-ready\n';
const [mode, socketPath, ...rest] = process.argv.slice(2);

/** The chat's secrets arrive on stdin (never argv or a file) and join the environment first. */
async function readSecrets() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text) Object.assign(process.env, JSON.parse(text));
}

function ready() {
  process.stdout.write(READY);
}

/**
 * Kiln hands in its listening socket as a descriptor (`fd:3`, decision 0055): the app never sees
 * the socket's folder, so it cannot replace what Kiln connects to.
 */
function listen(server) {
  const fd = /^fd:(\d+)$/.exec(socketPath);
  if (!fd) throw new Error(`the runner listens only on a descriptor Kiln hands in, not ${socketPath}`);
  server.listen({ fd: Number(fd[1]) }, ready);
}

async function serveHandler(entry) {
  const module = await import(pathToFileURL(entry).href);
  const app = module.default ?? module;
  if (!app || typeof app.fetch !== 'function') {
    throw new Error('api/index must export default an object with a fetch(request, env) method (a Hono app)');
  }
  const env = { ...process.env };
  listen(http.createServer(getRequestListener((request) => app.fetch(request, env))));
}

function waitForPort(port, deadline) {
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`the server never listened on port ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

async function serveCommand(argv) {
  const port = Number(process.env.PORT);
  const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    console.log(`[kiln] the server exited (${signal ?? `code ${code}`})`);
    process.exit(code ?? 1);
  });
  await waitForPort(port, Date.now() + 10 * 60_000);
  listen(
    net.createServer((client) => {
      const upstream = net.connect({ host: '127.0.0.1', port });
      client.pipe(upstream).pipe(client);
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close);
      upstream.on('error', close);
    }),
  );
}

try {
  await readSecrets();
  if (mode === 'handler') await serveHandler(rest[0]);
  else if (mode === 'command') await serveCommand(rest);
  else throw new Error(`unknown mode ${mode}`);
} catch (error) {
  console.error(error);
  process.exit(1);
}
