import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { effectivePort, urlRefusal, type EgressPolicy } from '../../core/net/index.ts';
import { checkedAddresses, type ResolveHost } from './checked-address.ts';
import { UnsafeAddressError } from './errors.ts';

/**
 * Issue 19 item 5: Chromium resolves names and connects by itself, so an Agent's lookup cannot
 * guard it. Its traffic goes through this HTTP proxy on 127.0.0.1 instead (`--proxy-server`):
 * CONNECT tunnels for https (and WebSockets), absolute-form requests for http. Each connection's
 * target is checked by the same policy as safeFetch, resolved once here, and the proxy connects
 * to the checked address itself; a refusal answers 403.
 */
export interface EgressProxyOptions extends EgressPolicy {
  resolve?: ResolveHost;
  /** Told about each refusal (logs, a clone's report). */
  onRefused?: (target: string, reason: string) => void;
  /** A tunnel or request idle this long is closed. */
  idleTimeoutMs?: number;
}

export interface EgressProxy {
  /** `http://127.0.0.1:PORT`, for `--proxy-server`. */
  url: string;
  close(): Promise<void>;
}

/**
 * Chromium flags for traffic a proxy cannot see: no QUIC (UDP), and no WebRTC UDP around the
 * proxy (a page's ICE candidates could otherwise reach private addresses).
 */
export const EGRESS_CHROMIUM_ARGS: readonly string[] = [
  '--disable-quic',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * The flags that send all of a page's traffic through the proxy when Chromium is launched with
 * plain arguments. Loopback is not bypassed (Chromium bypasses it by default). Playwright's own
 * `proxy` launch option does the same for the first two and also routes `route.fetch()` through
 * the proxy: use it there, with EGRESS_CHROMIUM_ARGS.
 */
export function chromiumProxyArgs(proxyUrl: string): string[] {
  return [`--proxy-server=${proxyUrl}`, '--proxy-bypass-list=<-loopback>', ...EGRESS_CHROMIUM_ARGS];
}

/** Request headers meant for the proxy or one hop only (RFC 9110 §7.6.1). */
export const HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

class Refused extends Error {}

export async function startEgressProxy(options: EgressProxyOptions): Promise<EgressProxy> {
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  /** The checked address to connect to for `url`; throws Refused with the reason. */
  const target = async (url: URL): Promise<{ address: string; port: number }> => {
    const refusal = urlRefusal(url, options);
    if (refusal) throw new Refused(refusal.message);
    const port = effectivePort(url);
    try {
      const [address] = await checkedAddresses(url.hostname, port, options, options.resolve);
      return { address: address!, port };
    } catch (error) {
      if (error instanceof UnsafeAddressError) throw new Refused(error.message);
      throw error;
    }
  };

  const refuse = (what: string, reason: string) => options.onRefused?.(what, reason);

  const server = http.createServer((request, response) => {
    void (async () => {
      let url: URL;
      try {
        url = new URL(request.url ?? '');
      } catch {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('Only absolute-form requests.\n');
        return;
      }
      if (url.protocol !== 'http:') {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('https goes through CONNECT.\n');
        return;
      }
      let destination: { address: string; port: number };
      try {
        destination = await target(url);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (error instanceof Refused) refuse(url.href, reason);
        response
          .writeHead(error instanceof Refused ? 403 : 502, { 'content-type': 'text/plain' })
          .end(`${reason}\n`);
        return;
      }
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (!HOP_HEADERS.has(name) && value !== undefined) headers[name] = value;
      }
      const upstream = http.request({
        host: destination.address,
        port: destination.port,
        method: request.method,
        path: `${url.pathname}${url.search}`,
        headers: { ...headers, host: url.host },
        timeout: idleTimeoutMs,
      });
      upstream.on('response', (answer) => {
        const back: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_HEADERS.has(name) && value !== undefined) back[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, back);
        answer.pipe(response);
      });
      upstream.on('timeout', () => upstream.destroy(new Error('idle')));
      upstream.on('error', () => {
        if (!response.headersSent)
          response.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway.\n');
        else response.destroy();
      });
      request.pipe(upstream);
    })();
  });

  server.on('connection', (socket: Socket) => {
    track(socket);
    socket.setTimeout(idleTimeoutMs, () => socket.destroy());
  });

  server.on('connect', (request: http.IncomingMessage, client: Duplex, head: Buffer) => {
    client.on('error', () => client.destroy());
    void (async () => {
      const authority = request.url ?? '';
      let destination: { address: string; port: number };
      try {
        // The authority as a URL: `[v6]:port` and every IPv4 spelling come out canonical.
        const url = new URL(`https://${authority}`);
        if (url.host !== authority.toLowerCase() && `${url.host}:443` !== authority.toLowerCase()) {
          throw new Refused(`${authority} is not a host and port.`);
        }
        destination = await target(url);
      } catch (error) {
        const refused = error instanceof Refused || error instanceof TypeError;
        const reason = error instanceof Error ? error.message : String(error);
        if (refused) refuse(authority, reason);
        client.end(
          `HTTP/1.1 ${refused ? '403 Forbidden' : '502 Bad Gateway'}\r\ncontent-type: text/plain\r\n` +
            `connection: close\r\n\r\n${reason}\n`,
        );
        return;
      }
      const upstream = net.connect({ host: destination.address, port: destination.port });
      track(upstream);
      upstream.setTimeout(idleTimeoutMs, () => upstream.destroy());
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => {
        if (!connected) client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\n');
        else client.destroy();
      });
      // A normal end travels through the pipes (buffered bytes flushed); a closed client ends the tunnel.
      client.on('close', () => upstream.destroy());
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
