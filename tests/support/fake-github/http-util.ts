/** Small helpers for the fake's HTTP answers: bodies in, JSON or form-encoded answers out. */
import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY_BYTES = 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A form or JSON body (GitHub's OAuth endpoints take both, and query parameters too). */
export async function readParams(req: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const params: Record<string, string> = Object.fromEntries(url.searchParams);
  const body = (await readBody(req)).toString('utf8');
  if (!body) return params;
  const type = req.headers['content-type'] ?? '';
  if (type.includes('json')) {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      for (const [key, value] of Object.entries(parsed)) {
        if (value !== undefined && value !== null) params[key] = String(value);
      }
    }
    return params;
  }
  return { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const body = (await readBody(req)).toString('utf8');
  if (!body.trim()) return {};
  return JSON.parse(body);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/**
 * GitHub's OAuth endpoints answer form-encoded unless asked for JSON (`Accept: application/json`);
 * every value is a string or a number there.
 */
export function sendOAuth(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: Record<string, string | number>,
): void {
  if ((req.headers.accept ?? '').includes('application/json')) {
    sendJson(res, status, body);
    return;
  }
  const text = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString();
  res.writeHead(status, {
    'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}
