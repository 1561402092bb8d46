import http from 'node:http';
import type { Socket } from 'node:net';
import { egressLogLine, type EgressEvent } from '../../../core/builds/index.ts';
import {
  freshUntil,
  isCacheableRequest,
  isCacheableResponse,
  urlRefusal,
  type EgressPolicy,
} from '../../../core/net/index.ts';
import { MAX_EGRESS_CONNECTIONS } from '../../app-servers/egress-bridge.ts';
import { Semaphore } from '../../browser/semaphore.ts';
import { HOP_HEADERS } from '../../net/egress-proxy.ts';
import { safeFetch, UnsafeAddressError, type ResolveHost } from '../../net/safe-fetch.ts';
import type { CachedResponse, ResponseCache } from './response-cache.ts';

/**
 * Issue 37 item 2 (decision 0063): what a build step's HTTP requests reach. The sandbox's preload
 * sends each request as plain HTTP in absolute form (`GET https://host/path`) over a Unix socket;
 * the guard checks the URL by the egress policy, answers from the shared cache when it may, else
 * fetches it with Kiln's own safeFetch (each resolved address checked, each redirect checked as a
 * new request, TLS verified by Kiln), keeps what may be kept and logs every request in the step's
 * log. Everything the sandbox sends is hostile: headers, bodies, counts and bytes are bounded.
 */
export interface GuardLimits {
  /** One answer's body. */
  maxResponseBytes: number;
  /** One request's body (a POST's). */
  maxRequestBytes: number;
  /** One fetch, redirects and body included. */
  timeoutMs: number;
  /** Requests of one step. */
  maxRequests: number;
  /** Bytes fetched from the network by one step. */
  maxNetworkBytes: number;
  /** Fetches of one step in flight at once; the others wait. */
  concurrency: number;
}

export const DEFAULT_GUARD_LIMITS: GuardLimits = {
  maxResponseBytes: 16 * 1024 * 1024,
  maxRequestBytes: 8 * 1024 * 1024,
  timeoutMs: 30_000,
  maxRequests: 1000,
  maxNetworkBytes: 256 * 1024 * 1024,
  concurrency: 8,
};

export interface EgressGuardOptions {
  policy: EgressPolicy;
  cache: ResponseCache;
  /** A line for the step's log. */
  note: (line: string) => void;
  resolve?: ResolveHost;
  limits?: Partial<GuardLimits>;
}

export interface EgressGuard {
  close(): Promise<void>;
}

/** How the preload tells an answer from the guard's own refusal (then an error, as no network is). */
export const VERDICT_HEADER = 'x-kiln-egress';
/** The URL after redirects (fetch's `response.url`). */
export const URL_HEADER = 'x-kiln-url';

/** Headers of one hop only (the proxy's own list), or Kiln's to set. */
const NOT_FORWARDED = new Set([
  ...HOP_HEADERS,
  'host',
  'content-length',
  'expect',
  // Kiln's fetch asks for and decodes its own encodings; the build gets plain bytes.
  'accept-encoding',
  'content-encoding',
]);

const HEADER_BYTES = 16 * 1024;

export function startEgressGuard(socketPath: string, options: EgressGuardOptions): Promise<EgressGuard> {
  const limits = { ...DEFAULT_GUARD_LIMITS, ...options.limits };
  const slots = new Semaphore(limits.concurrency);
  const sockets = new Set<Socket>();
  let requests = 0;
  let networkBytes = 0;
  const note = (event: EgressEvent) => options.note(egressLogLine(event));

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const method = (request.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(request.url ?? '');
    } catch {
      return refuse(response, 400, 'refused', 'Only absolute http(s) URLs can be fetched.');
    }
    const label = `${method} ${url.href}`;
    const refused = (reason: string, status = 403) => {
      note({ kind: 'refused', request: label, reason });
      refuse(response, status, 'refused', `Kiln refused ${label}: ${reason}`);
    };
    if (++requests > limits.maxRequests)
      return refused(`more than ${limits.maxRequests} requests in one build step.`);
    const refusal = urlRefusal(url, options.policy);
    if (refusal) return refused(refusal.message);
    const body = await readBody(request, limits.maxRequestBytes);
    if (body === 'too-large')
      return refused(`the request's body is larger than ${limits.maxRequestBytes} bytes.`, 413);
    const headers = forwarded(request.headers);
    const key = `${method} ${url.href}`;
    const cacheable = isCacheableRequest(method, Object.keys(headers));
    const cached = cacheable ? await options.cache.get(key) : null;
    if (cached && cached.freshUntil > Date.now()) {
      note({
        kind: 'fetched',
        request: label,
        status: cached.status,
        bytes: cached.body.length,
        source: 'cache',
      });
      return send(response, cached, 'cache', method);
    }
    const stale = (problem: string) => {
      note({
        kind: 'fetched',
        request: label,
        status: cached!.status,
        bytes: cached!.body.length,
        source: 'stale',
        problem,
      });
      send(response, cached!, 'cache', method);
    };
    if (networkBytes >= limits.maxNetworkBytes) {
      return refused(`the build step fetched more than ${limits.maxNetworkBytes} bytes.`);
    }
    let fetched: CachedResponse;
    try {
      const result = await slots.run(() =>
        safeFetch(url, {
          ...options.policy,
          method,
          body: body.length > 0 ? body : undefined,
          headers,
          maxBytes: limits.maxResponseBytes,
          timeoutMs: limits.timeoutMs,
          resolve: options.resolve,
        }),
      );
      networkBytes += result.body.length;
      const storedAt = Date.now();
      const header = (name: string) => result.headers.get(name);
      fetched = {
        url: result.url,
        status: result.status,
        headers: answerHeaders(result.headers),
        body: result.body,
        storedAt,
        freshUntil: freshUntil(storedAt, header),
      };
      // A server failing now: the answer it gave before is the better one.
      if (cached && result.status >= 500) return stale(`it answered ${result.status}`);
      if (cacheable && isCacheableResponse(result.status, header)) await options.cache.put(key, fetched);
    } catch (error) {
      const reason = error instanceof Error ? reasonOf(error) : String(error);
      if (error instanceof UnsafeAddressError) return refused(reason);
      if (cached) return stale(reason);
      note({ kind: 'failed', request: label, reason });
      return refuse(response, 502, 'failed', `Kiln could not fetch ${label}: ${reason}`);
    }
    note({
      kind: 'fetched',
      request: label,
      status: fetched.status,
      bytes: fetched.body.length,
      source: 'network',
      finalUrl: fetched.url !== url.href ? fetched.url : undefined,
    });
    send(response, fetched, 'network', method);
  };

  const server = http.createServer({ maxHeaderSize: HEADER_BYTES }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) refuse(response, 502, 'failed', `Kiln could not fetch: ${String(error)}`);
      else response.destroy();
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Connections a step may hold at once (each an open descriptor of Kiln's), as the bridge's.
  server.maxConnections = MAX_EGRESS_CONNECTIONS;
  // An idle connection (a build holding its socket) is closed; a fetch has its own deadline.
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = 10_000;
  server.requestTimeout = limits.timeoutMs * 2;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () =>
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            for (const socket of sockets) socket.destroy();
          }),
      }),
    );
  });
}

/** The body of a request, at most `max` bytes; GET and HEAD carry none. */
function readBody(request: http.IncomingMessage, max: number): Promise<Buffer | 'too-large'> {
  const method = request.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') {
    request.resume();
    return Promise.resolve(Buffer.alloc(0));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    request.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > max) {
        request.destroy();
        resolve('too-large');
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function forwarded(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || NOT_FORWARDED.has(name) || name.startsWith('x-kiln-')) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function answerHeaders(headers: Headers): [string, string][] {
  const out: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!NOT_FORWARDED.has(name)) out.push([name, value]);
  });
  return out;
}

function send(response: http.ServerResponse, answer: CachedResponse, source: string, method: string): void {
  const flat: string[] = [];
  for (const [name, value] of answer.headers) flat.push(name, value);
  flat.push(VERDICT_HEADER, source, URL_HEADER, answer.url);
  flat.push('content-length', String(answer.body.length));
  response.writeHead(answer.status, flat);
  response.end(method === 'HEAD' ? undefined : answer.body);
}

function refuse(
  response: http.ServerResponse,
  status: number,
  verdict: 'refused' | 'failed',
  text: string,
): void {
  response
    .writeHead(status, { 'content-type': 'text/plain; charset=utf-8', [VERDICT_HEADER]: verdict })
    .end(`${text}\n`);
}

/** undici hides the reason under `cause` ('fetch failed'): the deepest message says what happened. */
function reasonOf(error: Error): string {
  let deepest: unknown = error;
  while (deepest instanceof Error && deepest.cause instanceof Error) deepest = deepest.cause;
  const message = deepest instanceof Error ? deepest.message : String(deepest);
  return message || error.message;
}
