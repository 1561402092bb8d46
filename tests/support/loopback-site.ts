/**
 * A small website on 127.0.0.1 for the SSRF guard's and the clone's tests (issue 19): pages with
 * CSS and an image, a redirect to any URL, a redirect chain, a body that never ends, a body that
 * stalls, and a page whose sub-resources point wherever the test says. It records every request
 * it receives (method, Host header, path), so a test can prove a refused request never arrived.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LoopbackSite {
  port: number;
  /** `http://127.0.0.1:{port}` */
  origin: string;
  /** Every request received, as `{METHOD} {host header}{path}`. */
  readonly requests: string[];
  /** Whether a request for `path` (any host) arrived. */
  received(path: string): boolean;
  close(): Promise<void>;
}

/** A 1×1 transparent PNG. */
export const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const HOME = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Loopback Bakery</title>
    <link rel="stylesheet" href="/style.css" />
  </head>
  <body>
    <h1>Loopback Bakery</h1>
    <p>Fresh bread every morning.</p>
    <img src="/pixel.png" alt="A loaf" />
    <a href="/about">About us</a>
  </body>
</html>`;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function startLoopbackSite(): Promise<LoopbackSite> {
  const requests: string[] = [];
  const paths: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://site');
    requests.push(`${request.method} ${request.headers.host ?? ''}${url.pathname}${url.search}`);
    paths.push(url.pathname);
    const html = (body: string) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    switch (url.pathname) {
      case '/':
        return html(HOME);
      case '/about':
        return html('<!doctype html><title>About</title><h1>About the bakery</h1>');
      case '/style.css':
        return response
          .writeHead(200, { 'content-type': 'text/css' })
          .end('body { color: #7c2d12; font-family: Georgia, serif; }');
      case '/pixel.png':
      case '/secret.png':
        return response.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL_PNG);
      case '/secret':
        return html('<!doctype html><title>Internal</title><h1>Internal admin</h1>');
      case '/redirect':
        // `?to=` any URL: a redirect out of the site (a private address, another name).
        return response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      case '/chain': {
        // `/chain?n=3` redirects three times, then lands on the home page.
        const left = Number(url.searchParams.get('n') ?? '0');
        return response.writeHead(302, { location: left > 0 ? `/chain?n=${left - 1}` : '/' }).end();
      }
      case '/embed': {
        // A page whose image and script point at `?src=` (a sub-resource on another origin).
        const src = escapeAttribute(url.searchParams.get('src') ?? '/pixel.png');
        return html(
          `<!doctype html><title>Embed</title><h1>Embed</h1><img id="embedded" src="${src}" alt="" />` +
            `<script>fetch("${src}").then(() => { document.title = 'fetched'; }, () => { document.title = 'blocked'; });</script>`,
        );
      }
      case '/huge': {
        // A body that never ends (no length): only the reader's byte limit stops it.
        response.writeHead(200, { 'content-type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        const pump = () => {
          while (!response.destroyed && response.write(chunk));
          if (!response.destroyed) response.once('drain', pump);
        };
        pump();
        return;
      }
      case '/huge-declared':
        // A length far over any limit, announced up front.
        response.writeHead(200, {
          'content-type': 'text/html',
          'content-length': String(1024 * 1024 * 1024),
        });
        response.write('<!doctype html>');
        return;
      case '/slow':
        // Headers at once, then a body that stalls forever: only the deadline stops it.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<!doctype html><title>Slow</title>');
        return;
      default:
        return response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    }
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    received: (path) => paths.includes(path),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
