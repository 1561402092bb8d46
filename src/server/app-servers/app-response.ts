import type { AppAnswer } from './app-routing.ts';

/** How long a page load waits for a cold app server before the 'Starting' page answers it. */
const COLD_START_WAIT_MS = 1500;

/**
 * A request header of Kiln's own browser (screenshots, the runtime check): a cold server is waited
 * for instead of answered with the 'Starting' page. Anyone may send it; they only wait longer.
 */
export const WAIT_FOR_APP_SERVER = 'x-kiln-wait-for-server';

/** A page load (the 'Starting' and error pages answer it) rather than a fetch (JSON errors). */
export function isPageLoad(method: string, headers: { get(name: string): string | null }): boolean {
  return (
    method === 'GET' &&
    (headers.get('sec-fetch-dest') === 'document' || (headers.get('accept') ?? '').includes('text/html'))
  );
}

/**
 * How long this request waits for a cold server before 'Starting' answers it: a page load a
 * little, a fetch or Kiln's own browser (WAIT_FOR_APP_SERVER) until the server listens.
 */
export function coldStartWaitMs(
  isPage: boolean,
  headers: { get(name: string): string | null },
): number | undefined {
  return isPage && !headers.get(WAIT_FOR_APP_SERVER) ? COLD_START_WAIT_MS : undefined;
}

/** HTML answers larger than this are passed through as they stream, without Kiln's frame scripts. */
const MAX_REWRITTEN_HTML = 5 * 1024 * 1024;

export interface AppResponseOptions {
  /** Headers Kiln sets on every answer of this host (CSP frame-ancestors, nosniff…); appended. */
  headers: Record<string, string>;
  /** Rewrites a page (a preview's frame scripts); absent for deployed sites. */
  rewriteHtml?: (html: string) => string;
  startingPage: () => string;
  errorPage: (message: string) => string;
  /** A page load (the building and error pages) or a fetch (JSON errors). */
  isPage: boolean;
}

/** An app server's answer as the host's response (decision 0054). */
export async function appResponse(answer: AppAnswer, options: AppResponseOptions): Promise<Response> {
  const kiln = new Headers(options.headers);
  if (answer.kind === 'starting') {
    kiln.set('content-type', 'text/html; charset=utf-8');
    kiln.set('cache-control', 'no-store');
    return new Response(options.startingPage(), { status: 202, headers: kiln });
  }
  if (answer.kind === 'error') {
    kiln.set('cache-control', 'no-store');
    if (options.isPage) {
      kiln.set('content-type', 'text/html; charset=utf-8');
      return new Response(options.errorPage(answer.message), { status: answer.status, headers: kiln });
    }
    kiln.set('content-type', 'application/json');
    const body = { error: { code: 'app-server-error', message: answer.message } };
    return new Response(JSON.stringify(body), { status: answer.status, headers: kiln });
  }
  const { response } = answer;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(options.headers)) headers.append(name, value);
  const type = headers.get('content-type') ?? '';
  const length = Number(headers.get('content-length') ?? '0');
  if (options.rewriteHtml && type.startsWith('text/html') && length <= MAX_REWRITTEN_HTML && response.body) {
    const encoding = headers.get('content-encoding');
    if (!encoding || encoding === 'identity') {
      const html = options.rewriteHtml(await response.text());
      headers.delete('content-length');
      return new Response(html, { status: response.status, headers });
    }
  }
  return new Response(response.body, { status: response.status, headers });
}
