import { Agent, fetch, type Response } from 'undici';
import { effectivePort, urlRefusal, type EgressPolicy } from '../../core/net/index.ts';
import { checkedLookup, type ResolveHost } from './checked-address.ts';
import { FetchLimitError, UnsafeAddressError } from './errors.ts';

export { FetchLimitError, UnsafeAddressError } from './errors.ts';
export type { ResolveHost } from './checked-address.ts';

/**
 * Issue 19 item 5: the only way the server fetches a URL a user gave it (a page to clone, its
 * images and styles). Every hop is checked before the request (http/https, ports 80/443, a
 * literal address) and at connection time (each resolved address, through the Agent's lookup,
 * so the checked address is the one connected to); redirects are followed here, each one checked,
 * and the body is read up to a byte budget within one deadline for the whole fetch.
 */
export interface SafeFetchOptions extends EgressPolicy {
  maxBytes: number;
  /** For the whole fetch: every redirect and the body included. */
  timeoutMs: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** GET by default; a body goes with the methods that have one (a build's POST, decision 0063). */
  method?: string;
  body?: Uint8Array;
  /** The resolver (default the system's); tests point it at their own DNS server. */
  resolve?: ResolveHost;
}

export interface SafeFetchResult {
  status: number;
  /** The URL after redirects. */
  url: string;
  headers: Headers;
  body: Buffer;
  /** The media type without parameters, lower case ('' when absent). */
  contentType: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function safeFetch(url: string | URL, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const maxRedirects = options.maxRedirects ?? 5;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let current = parseUrl(url);
  let method = (options.method ?? 'GET').toUpperCase();
  let requestBody = options.body;
  for (let redirects = 0; ; redirects++) {
    const refusal = urlRefusal(current, options);
    if (refusal) {
      throw new UnsafeAddressError(
        refusal.message,
        refusal.reason,
        refusal.reason === 'address' ? refusal.kind : undefined,
      );
    }
    // One agent per hop: its lookup knows the hop's port (allowOrigins is per host and port).
    const agent = new Agent({
      connect: { lookup: checkedLookup(effectivePort(current), options, options.resolve) },
    });
    try {
      const response = await fetch(current, {
        method,
        body: requestBody,
        dispatcher: agent,
        redirect: 'manual',
        signal: deadline,
        headers: { accept: '*/*', ...options.headers },
      });
      const location = response.headers.get('location');
      if (REDIRECTS.has(response.status) && location !== null) {
        await response.body?.cancel();
        if (redirects >= maxRedirects) {
          throw new FetchLimitError(`More than ${maxRedirects} redirects from ${String(url)}.`, 'redirects');
        }
        current = parseUrl(new URL(location, current));
        // A 303, and a 301/302 after a POST, are followed with a GET (RFC 9110 §15.4); 307/308 repeat.
        if (response.status === 303 || (method === 'POST' && response.status <= 302)) {
          if (method !== 'HEAD') method = 'GET';
          requestBody = undefined;
        }
        continue;
      }
      const body = await readBody(response, options.maxBytes);
      return {
        status: response.status,
        url: current.href,
        headers: response.headers as unknown as Headers,
        body,
        contentType: (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase(),
      };
    } catch (error) {
      throw translate(error, deadline, options.timeoutMs, current);
    } finally {
      void agent.destroy();
    }
  }
}

function parseUrl(url: string | URL): URL {
  try {
    return new URL(url);
  } catch {
    throw new UnsafeAddressError(`${String(url)} is not a URL.`, 'scheme');
  }
}

/** Reads the body, stopping (and dropping the connection) as soon as it passes `maxBytes`. */
async function readBody(response: Response, maxBytes: number): Promise<Buffer> {
  const tooBig = () => new FetchLimitError(`The response is larger than ${maxBytes} bytes.`, 'bytes');
  const declared = Number(response.headers.get('content-length'));
  // A compressed body's length says nothing of its decoded size: only a plain one is refused early.
  if (!response.headers.get('content-encoding') && declared > maxBytes) {
    await response.body?.cancel();
    throw tooBig();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += (chunk as Uint8Array).byteLength;
    if (total > maxBytes) throw tooBig();
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}

/** undici wraps connection errors in `TypeError('fetch failed')`: surface the guard's own errors. */
function translate(error: unknown, deadline: AbortSignal, timeoutMs: number, url: URL): unknown {
  if (error instanceof UnsafeAddressError || error instanceof FetchLimitError) return error;
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof UnsafeAddressError) return cause;
  if (deadline.aborted) return new FetchLimitError(`${url.href} took longer than ${timeoutMs} ms.`, 'time');
  return error;
}
