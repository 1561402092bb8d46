import { Agent, request as undiciRequest, errors as undiciErrors } from 'undici';
import { Readable } from 'node:stream';

/** Headers that describe one hop, never forwarded (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

export interface ProxyOptions {
  /** Until the response's headers, and between two chunks of its body. */
  timeoutMs: number;
  /**
   * From the request to the body's last byte (KILN_APP_RESPONSE_TIMEOUT_MS): a body still going
   * then (a trickle, a stream that never ends) is cut. None when unset.
   */
  responseTimeoutMs?: number;
  maxResponseBytes: number;
  /** Cookies of Kiln's that the app never sees (the preview token). */
  hiddenCookies: readonly string[];
  /** The client's address, for X-Forwarded-For. */
  clientAddress?: string;
  /** Ask for an uncompressed answer (Kiln rewrites a preview's pages). */
  identityEncoding?: boolean;
  /** Called once when the exchange is over: the body sent, cut, cancelled, or no answer. */
  onDone?: () => void;
  /** Why Kiln cut a response's body (too large, too long), for the server's log. */
  onCut?: (reason: string) => void;
}

/** KILN_APP_RESPONSE_TIMEOUT_MS's default: five minutes for one whole response. */
export const DEFAULT_RESPONSE_TIMEOUT_MS = 300_000;

export type ProxyOutcome =
  { ok: true; response: Response } | { ok: false; reason: 'timeout' | 'unreachable'; message: string };

/** A connection pool to one app server's Unix socket. */
export function appAgent(socketPath: string): Agent {
  // A bounded pool: a slow or hostile server holds at most this many of Kiln's sockets.
  return new Agent({ connect: { socketPath }, keepAliveTimeout: 10_000, pipelining: 1, connections: 128 });
}

function withoutCookies(cookie: string, hidden: readonly string[]): string {
  return cookie
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !hidden.includes(part.split('=')[0]!.trim()))
    .join('; ');
}

/**
 * A cookie the app sets stays on its own host: a `Domain` attribute would let a preview plant
 * cookies for every other preview and for Kiln's own parent domain (cookie tossing).
 */
export function hostOnlyCookie(setCookie: string): string {
  return setCookie
    .split(';')
    .filter((part, index) => index === 0 || !/^\s*domain\s*=/i.test(part))
    .join(';');
}

/**
 * Forwards a request to an app server (decision 0054): the method, path, headers (hop-by-hop and
 * Kiln's cookies removed, X-Forwarded-* added) and body; answers its status, headers and a body
 * capped at `maxResponseBytes` and `responseTimeoutMs` (the stream errors beyond them).
 */
export async function proxyToApp(
  agent: Agent,
  incoming: Request,
  options: ProxyOptions,
): Promise<ProxyOutcome> {
  let isDone = false;
  const done = () => {
    if (isDone) return;
    isDone = true;
    options.onDone?.();
  };
  try {
    const outcome = await exchange(agent, incoming, options, done);
    if (!outcome.ok) done();
    return outcome;
  } catch (error) {
    done();
    throw error;
  }
}

async function exchange(
  agent: Agent,
  incoming: Request,
  options: ProxyOptions,
  done: () => void,
): Promise<ProxyOutcome> {
  const started = performance.now();
  const url = new URL(incoming.url);
  const headers: Record<string, string> = {};
  incoming.headers.forEach((value, name) => {
    if (HOP_BY_HOP.has(name)) return;
    if (name === 'accept-encoding' && options.identityEncoding) return;
    if (name === 'cookie') {
      const kept = withoutCookies(value, options.hiddenCookies);
      if (kept) headers.cookie = kept;
      return;
    }
    headers[name] = value;
  });
  headers['x-forwarded-proto'] = url.protocol.replace(':', '');
  headers['x-forwarded-host'] = incoming.headers.get('host') ?? url.host;
  if (options.clientAddress) headers['x-forwarded-for'] = options.clientAddress;
  const hasBody = incoming.body !== null && !['GET', 'HEAD'].includes(incoming.method);
  let answer: Awaited<ReturnType<typeof undiciRequest>>;
  try {
    answer = await undiciRequest(`http://app${url.pathname}${url.search}`, {
      dispatcher: agent,
      method: incoming.method as 'GET',
      headers,
      body: hasBody ? Readable.fromWeb(incoming.body as import('node:stream/web').ReadableStream) : undefined,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  } catch (error) {
    if (error instanceof undiciErrors.HeadersTimeoutError) {
      return {
        ok: false,
        reason: 'timeout',
        message: `The app server did not answer within ${options.timeoutMs} ms.`,
      };
    }
    return {
      ok: false,
      reason: 'unreachable',
      message: `The app server could not be reached: ${(error as Error).message}`,
    };
  }
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (HOP_BY_HOP.has(name) || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      responseHeaders.append(name, name === 'set-cookie' ? hostOnlyCookie(one) : one);
    }
  }
  const noBody = incoming.method === 'HEAD' || [204, 304].includes(answer.statusCode);
  if (noBody) {
    answer.body.resume();
    done();
    return {
      ok: true,
      response: new Response(null, { status: answer.statusCode, headers: responseHeaders }),
    };
  }
  let sent = 0;
  const max = options.maxResponseBytes;
  const source = answer.body;
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let deadline: NodeJS.Timeout | undefined;
  let ended = false;
  const end = () => {
    ended = true;
    clearTimeout(deadline);
    done();
  };
  let stream!: ReadableStreamDefaultController<Uint8Array>;
  /** Kiln ends the body: the app's side is closed and the client's stream errors (it was not whole). */
  const cut = (message: string, note: string) => {
    if (ended) return;
    source.destroy();
    stream.error(new Error(message));
    options.onCut?.(note);
    end();
  };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      stream = controller;
    },
    async pull(controller) {
      const { value, done: finished } = await chunks.next().catch((error: unknown) => {
        end();
        throw error;
      });
      if (ended) return;
      if (finished) {
        controller.close();
        end();
        return;
      }
      sent += value.length;
      if (sent > max) {
        cut(
          `The app server's response is larger than ${max} bytes.`,
          `response larger than ${max} bytes: cut`,
        );
        return;
      }
      controller.enqueue(new Uint8Array(value));
    },
    cancel() {
      source.destroy();
      end();
    },
  });
  const limit = options.responseTimeoutMs;
  if (limit !== undefined) {
    // A trickle never trips the gap between chunks (timeoutMs); this bounds the whole response.
    deadline = setTimeout(
      () =>
        cut(
          `The app server's response did not finish within ${limit} ms.`,
          `response not finished within ${limit} ms (KILN_APP_RESPONSE_TIMEOUT_MS): cut`,
        ),
      Math.max(0, limit - (performance.now() - started)),
    );
    deadline.unref();
  }
  return { ok: true, response: new Response(body, { status: answer.statusCode, headers: responseHeaders }) };
}
