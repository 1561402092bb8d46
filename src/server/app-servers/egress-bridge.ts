import fs from 'node:fs';
import net from 'node:net';
import { isOpenPort, openPorts, portList, type EgressPolicy } from '../../core/net/index.ts';
import { checkedAddresses, type ResolveHost } from '../net/checked-address.ts';

/** The destination line is short; anything longer is not a destination. */
const MAX_HEADER_BYTES = 300;
const HEADER_TIMEOUT_MS = 10_000;
/** Outgoing connections one app server may hold open at once (each costs Kiln two sockets). */
export const MAX_EGRESS_CONNECTIONS = 64;

export interface EgressBridge {
  close(): void;
}

/** `host:port` or `[v6]:port` → its parts, else null. */
export function parseDestination(line: string): { host: string; port: number } | null {
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]{1,253}):(\d{1,5})$/.exec(line.trim());
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535) return null;
  return { host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port };
}

/**
 * The only way out of an app server's sandbox (decision 0054): a Unix socket in its folder. Each
 * connection names its destination on its first line; its port must be open (80 and 443 or
 * KILN_APP_EGRESS_PORTS, and the chat's own integration endpoints on theirs: issue 31 item 6), the
 * address is resolved once and checked by the egress rule (public unicast only, a chat's own
 * integration endpoints when allowed) and the checked address is the one connected to. Refusals
 * close the connection and are logged.
 */
export function startEgressBridge(
  socketPath: string,
  policy: EgressPolicy,
  log: (line: string) => void,
  options: {
    resolve?: ResolveHost;
    /** Told of each connection made (a build step's log names them, decision 0063). */
    onConnected?: (destination: string) => void;
    /** What else is open, for the refusal of a closed port (an app server's setting and endpoints). */
    openBesides?: string;
  } = {},
): Promise<EgressBridge> {
  const { resolve, onConnected } = options;
  const besides = options.openBesides ?? " (KILN_APP_EGRESS_PORTS) and the chat's integration endpoints";
  fs.rmSync(socketPath, { force: true });
  const open = new Set<net.Socket>();
  let clients = 0;
  const server = net.createServer((client) => {
    if (clients >= MAX_EGRESS_CONNECTIONS) {
      log(`outgoing connection refused: more than ${MAX_EGRESS_CONNECTIONS} open at once`);
      client.destroy();
      return;
    }
    clients += 1;
    open.add(client);
    client.on('close', () => {
      clients -= 1;
      open.delete(client);
    });
    client.on('error', () => client.destroy());
    client.setTimeout(HEADER_TIMEOUT_MS, () => client.destroy());
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf(0x0a);
      if (end === -1) {
        if (buffered.length > MAX_HEADER_BYTES) client.destroy();
        return;
      }
      client.off('data', onData);
      client.pause();
      client.setTimeout(0);
      const destination = parseDestination(buffered.subarray(0, end).toString('latin1'));
      const rest = buffered.subarray(end + 1);
      if (!destination) {
        log('outgoing connection refused: not a destination');
        client.destroy();
        return;
      }
      if (!isOpenPort(policy, destination.host, destination.port)) {
        log(
          `outgoing connection to ${destination.host}:${destination.port} refused: port ${destination.port} is closed; ` +
            `only ports ${portList(openPorts(policy))}${besides} are open`,
        );
        client.destroy();
        return;
      }
      void connectChecked(destination, policy, resolve).then(
        (upstream) => {
          onConnected?.(`${destination.host}:${destination.port}`);
          open.add(upstream);
          upstream.on('close', () => open.delete(upstream));
          if (rest.length > 0) upstream.write(rest);
          client.pipe(upstream).pipe(client);
          client.resume();
          const close = () => {
            client.destroy();
            upstream.destroy();
          };
          client.on('close', close);
          upstream.on('error', close);
          upstream.on('close', close);
        },
        (error: Error) => {
          log(`outgoing connection to ${destination.host}:${destination.port} refused: ${error.message}`);
          client.destroy();
        },
      );
    };
    client.on('data', onData);
  });
  return new Promise((resolveBridge, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      fs.chmodSync(socketPath, 0o666);
      resolveBridge({
        close() {
          server.close();
          for (const socket of open) socket.destroy();
        },
      });
    });
  });
}

async function connectChecked(
  destination: { host: string; port: number },
  policy: EgressPolicy,
  resolve?: ResolveHost,
): Promise<net.Socket> {
  const addresses = await checkedAddresses(destination.host, destination.port, policy, resolve);
  let lastError: Error = new Error('no address');
  for (const address of addresses) {
    try {
      return await new Promise<net.Socket>((ok, fail) => {
        const socket = net.connect({ host: address, port: destination.port });
        socket.once('connect', () => {
          socket.removeAllListeners('error');
          ok(socket);
        });
        socket.once('error', fail);
      });
    } catch (error) {
      lastError = error as Error;
    }
  }
  throw lastError;
}
