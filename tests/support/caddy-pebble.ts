/**
 * Kiln's TLS front as production runs it, on loopback (issue 14: "Debian's caddy and pebble"):
 * Caddy with on-demand TLS asking `askUrl` before it obtains a certificate, getting it from Pebble
 * (Let's Encrypt's ACME test server), and proxying to `upstream`. Pebble resolves names through the
 * test's DNS server and validates its challenges against Caddy's ports, so a name gets a
 * certificate only when the DNS points it at 127.0.0.1 and the ask endpoint says yes.
 * Everything listens on 127.0.0.1 at random ports and is killed by close().
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestCa } from './test-certificates.ts';

export const CADDY_PATH = '/usr/bin/caddy';
export const PEBBLE_PATH = '/usr/bin/pebble';

/** Why the TLS tests cannot run here, or null (only missing binaries are a reason to skip). */
export function tlsFrontMissing(): string | null {
  const missing = [CADDY_PATH, PEBBLE_PATH].filter((file) => !fs.existsSync(file));
  if (missing.length === 0) return null;
  return `${missing.join(' and ')} not installed (Debian's caddy and pebble; .ci/run installs them)`;
}

export interface TlsFront {
  /** Caddy's HTTPS port on 127.0.0.1 (KILN_TLS_PROBE_ADDRESS). */
  httpsPort: number;
  httpPort: number;
  /** Pebble's issuing root (PEM), and a file holding it (KILN_TLS_PROBE_CA). */
  acmeRoot: string;
  acmeRootFile: string;
  /** What Caddy and Pebble printed so far (for a failing test's message). */
  logs(): string;
  close(): Promise<void>;
}

export async function startTlsFront(options: {
  /** `127.0.0.1:{port}` of the DNS server Pebble resolves through. */
  dnsServer: string;
  /** Caddy's on-demand `ask` endpoint (`?domain=` is appended by Caddy). */
  askUrl: string;
  /** `127.0.0.1:{port}` the sites are proxied to. */
  upstream: string;
}): Promise<TlsFront> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-tls-front-'));
  const children: ChildProcess[] = [];
  const output: string[] = [];
  const collect = (name: string, child: ChildProcess) => {
    children.push(child);
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => output.push(`[${name}] ${chunk.toString()}`));
    }
  };
  const logs = () => output.join('');

  try {
    const [acmePort, managementPort, httpPort, httpsPort] = (await freePorts(4)) as [
      number,
      number,
      number,
      number,
    ];
    // Pebble's own HTTPS listener: a certificate for 127.0.0.1 from a CA Caddy is told to trust.
    const listenerCa = createTestCa(path.join(dir, 'pebble-listener'), 'Pebble listener CA');
    const listener = listenerCa.issue({ names: ['localhost'], ips: ['127.0.0.1'] });
    const pebbleConfig = path.join(dir, 'pebble.json');
    fs.writeFileSync(
      pebbleConfig,
      JSON.stringify({
        pebble: {
          listenAddress: `127.0.0.1:${acmePort}`,
          managementListenAddress: `127.0.0.1:${managementPort}`,
          certificate: listener.certFile,
          privateKey: listener.keyFile,
          // Challenges are validated where Caddy listens.
          httpPort,
          tlsPort: httpsPort,
          ocspResponderURL: '',
          externalAccountBindingRequired: false,
        },
      }),
    );
    const pebble = spawn(
      PEBBLE_PATH,
      ['-config', pebbleConfig, '-dnsserver', options.dnsServer, '-strict=false'],
      {
        cwd: dir,
        env: { PATH: process.env.PATH, HOME: dir, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    collect('pebble', pebble);
    await waitFor(
      () => httpsGet(`https://127.0.0.1:${acmePort}/dir`, listenerCa.cert).then(() => true),
      pebble,
      'Pebble',
      logs,
    );
    // Pebble makes a new root every run: the test trusts it for the probe and its own clients.
    const acmeRoot = await httpsGet(`https://127.0.0.1:${managementPort}/roots/0`, listenerCa.cert);
    const acmeRootFile = path.join(dir, 'acme-root.pem');
    fs.writeFileSync(acmeRootFile, acmeRoot);

    const caddyfile = path.join(dir, 'Caddyfile');
    fs.writeFileSync(
      caddyfile,
      `{
	admin off
	http_port ${httpPort}
	https_port ${httpsPort}
	skip_install_trust
	acme_ca https://127.0.0.1:${acmePort}/dir
	acme_ca_root ${listenerCa.certFile}
	storage file_system {
		root ${path.join(dir, 'caddy-data')}
	}
	on_demand_tls {
		ask ${options.askUrl}
	}
}

https:// {
	bind 127.0.0.1
	tls {
		on_demand
	}
	reverse_proxy ${options.upstream}
}
`,
    );
    const caddy = spawn(CADDY_PATH, ['run', '--adapter', 'caddyfile', '--config', caddyfile], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        HOME: dir,
        XDG_DATA_HOME: path.join(dir, 'xdg-data'),
        XDG_CONFIG_HOME: path.join(dir, 'xdg-config'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    collect('caddy', caddy);
    await waitFor(() => canConnect(httpsPort), caddy, 'Caddy', logs);

    return {
      httpsPort,
      httpPort,
      acmeRoot,
      acmeRootFile,
      logs,
      async close() {
        await Promise.all(children.map(stop));
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await Promise.all(children.map(stop));
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return server;
    }),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

function httpsGet(url: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = https.get(url, { ca }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        response.statusCode === 200 ? resolve(body) : reject(new Error(`${url}: ${response.statusCode}`)),
      );
    });
    request.on('error', reject);
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls until `ready` holds; a process that exits first (a bad config) fails at once with its logs. */
async function waitFor(
  ready: () => Promise<boolean>,
  child: ChildProcess,
  name: string,
  logs: () => string,
): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (await ready().catch(() => false)) return;
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${logs()}`);
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start within 60 s:\n${logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
