import http from 'node:http';

/** One request of the matrix, as a browser on the app's page would send it. */
export interface MatrixRequest {
  path: string;
  method: string;
  json?: unknown;
  form?: FormData;
  /** A Host other than the app's (a preview or site host). */
  host?: string;
  /** The answer may stay open (SSE, a live generation): read it for a moment, then close. */
  stream?: boolean;
}

export interface MatrixResponse {
  status: number;
  contentType: string;
  location: string;
  /** The body as text (latin1, so every byte of a binary answer is searchable). */
  body: string;
}

/**
 * Real HTTP to the test server (node:http, so a Host header can name a preview host). A stream
 * that stays open (SSE, a live generation) is read for `streamMs` and then closed: what it
 * sent by then is what a viewer would have got.
 */
export async function send(
  baseUrl: string,
  request: MatrixRequest,
  headers: Record<string, string>,
  streamMs = 250,
): Promise<MatrixResponse> {
  const url = new URL(request.path, baseUrl);
  const all: Record<string, string> = { ...headers };
  let body: Buffer | undefined;
  if (request.form) {
    // Let fetch's own encoder write the multipart body and its boundary.
    const encoded = new Request('http://form.invalid/', { method: 'POST', body: request.form });
    body = Buffer.from(await encoded.arrayBuffer());
    all['content-type'] = encoded.headers.get('content-type')!;
  } else if (request.json !== undefined) {
    body = Buffer.from(JSON.stringify(request.json));
    all['content-type'] = 'application/json';
  }
  if (body) all['content-length'] = String(body.length);
  if (request.host) all.host = request.host;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: request.method, headers: all }, (incoming) => {
      const chunks: Buffer[] = [];
      const done = () =>
        resolve({
          status: incoming.statusCode ?? 0,
          contentType: String(incoming.headers['content-type'] ?? ''),
          location: String(incoming.headers.location ?? ''),
          body: Buffer.concat(chunks).toString('latin1'),
        });
      const open = request.stream || /event-stream/.test(String(incoming.headers['content-type']));
      const timer = open
        ? setTimeout(() => {
            incoming.removeAllListeners('end');
            outgoing.destroy();
            done();
          }, streamMs)
        : undefined;
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', () => undefined);
      incoming.on('end', () => {
        clearTimeout(timer);
        done();
      });
    });
    outgoing.on('error', (error) => {
      if (!outgoing.destroyed) reject(error);
    });
    outgoing.end(body);
  });
}

export interface OpenStream {
  /** The status, once the answer's head arrived. */
  status: Promise<number>;
  /** Everything received so far (latin1). */
  received(): string;
  close(): void;
}

/** A GET held open (an SSE stream) while other requests run; what it received is read later. */
export function openStream(baseUrl: string, path: string, headers: Record<string, string>): OpenStream {
  const chunks: Buffer[] = [];
  const outgoing = http.request(new URL(path, baseUrl), { method: 'GET', headers });
  const status = new Promise<number>((resolve, reject) => {
    outgoing.on('response', (incoming) => {
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', () => undefined);
      resolve(incoming.statusCode ?? 0);
    });
    outgoing.on('error', (error) => {
      if (!outgoing.destroyed) reject(error);
    });
  });
  outgoing.end();
  return {
    status,
    received: () => Buffer.concat(chunks).toString('latin1'),
    close: () => outgoing.destroy(),
  };
}
