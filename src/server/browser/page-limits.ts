import type { Page, Route } from 'playwright-core';

export interface PageLimits {
  /** Requests the page may make (documents, scripts, images…); beyond it each is aborted. */
  maxRequests: number;
  /** Bytes of response bodies the page may receive in all; a response beyond it is aborted. */
  maxResponseBytes: number;
}

/** A request answered without the network (Kiln's own previews, served by the in-process app). */
export type LocalFetch = (request: Request) => Promise<Response | null>;

export interface PageUsage {
  requests: number;
  bytes: number;
  /** URLs refused because a limit was reached. */
  refused: string[];
}

/**
 * Routes every request of the page through Kiln: counts it, fetches it (locally when `local`
 * answers it, else through the browser's own network stack, proxy included) and aborts it once
 * the request count or the bytes received so far pass the limits. Returns the running usage.
 */
export async function applyPageLimits(
  page: Page,
  limits: PageLimits,
  local?: LocalFetch,
): Promise<PageUsage> {
  const usage: PageUsage = { requests: 0, bytes: 0, refused: [] };
  const refuse = async (route: Route) => {
    usage.refused.push(route.request().url());
    await route.abort('blockedbyclient');
  };
  await page.route('**/*', async (route) => {
    usage.requests += 1;
    if (usage.requests > limits.maxRequests) return refuse(route);
    const request = route.request();
    try {
      const answered = local ? await local(await toFetchRequest(route)) : null;
      if (answered) {
        const body = Buffer.from(await answered.arrayBuffer());
        if (!withinBytes(usage, body.length, limits)) return refuse(route);
        const headers: Record<string, string> = {};
        answered.headers.forEach((value, name) => {
          headers[name] = value;
        });
        // A redirect answered locally is followed by the browser, through this route again.
        return await route.fulfill({ status: answered.status, headers, body });
      }
      const response = await route.fetch({ maxRedirects: 0 });
      const body = await response.body();
      if (!withinBytes(usage, body.length, limits)) return refuse(route);
      return await route.fulfill({ response, body });
    } catch (error) {
      // The page or its context closed while the request was in flight: nothing to answer.
      if (page.isClosed()) return;
      usage.refused.push(`${request.url()} (${(error as Error).message.split('\n')[0]})`);
      await route.abort('failed').catch(() => undefined);
    }
  });
  return usage;
}

function withinBytes(usage: PageUsage, length: number, limits: PageLimits): boolean {
  usage.bytes += length;
  return usage.bytes <= limits.maxResponseBytes;
}

async function toFetchRequest(route: Route): Promise<Request> {
  const request = route.request();
  const headers = await request.allHeaders();
  const clean = new Headers();
  // HTTP/2 pseudo-headers are not headers to a fetch Request.
  for (const [name, value] of Object.entries(headers)) if (!name.startsWith(':')) clean.set(name, value);
  // Host-based routing (preview hosts) reads the Host header, which Chromium leaves to the network.
  clean.set('host', new URL(request.url()).host);
  const body = request.postDataBuffer();
  const hasBody = body !== null && !['GET', 'HEAD'].includes(request.method());
  return new Request(request.url(), {
    method: request.method(),
    headers: clean,
    body: hasBody ? new Uint8Array(body) : undefined,
    redirect: 'manual',
  });
}
