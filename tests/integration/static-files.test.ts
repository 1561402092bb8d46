import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webAppRoutes } from '../../src/server/http/static.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The web app's files over a real HTTP server, from a built folder made for the test. */
describe('the web app: files, client-side routes, missing files', () => {
  let webRoot: string;
  let server: ServerType;
  let origin: string;

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-web-'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html><head></head><body>shell</body></html>',
    );
    fs.mkdirSync(path.join(webRoot, 'daisy-themes'));
    fs.writeFileSync(path.join(webRoot, 'daisy-themes', 'light.png'), PNG);
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'export {};');
    const app = webAppRoutes(webRoot);
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves the files that exist', async () => {
    const image = await fetch(`${origin}/daisy-themes/light.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const script = await fetch(`${origin}/assets/index-abc123.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toContain('immutable');
  });

  it('answers client-side routes with the app shell', async () => {
    for (const route of ['/', '/components/a-pricing-table-x1y2z3', '/users/abc123', '/account']) {
      const response = await fetch(`${origin}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toContain('text/html');
      expect(await response.text(), route).toContain('shell');
    }
  });

  it('answers 404, not the app shell, for a missing file (a path with an extension)', async () => {
    for (const missing of [
      '/daisy-themes/nope.png',
      '/assets/index-gone.js',
      '/favicon.ico',
      '/robots.txt',
      '/some/deep/style.css',
    ]) {
      const response = await fetch(`${origin}${missing}`);
      expect(response.status, missing).toBe(404);
      expect(response.headers.get('content-type') ?? '', missing).not.toContain('text/html');
      expect(await response.text(), missing).not.toContain('shell');
    }
  });
});
