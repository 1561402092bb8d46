/**
 * Issue 22 item 2 through the real pipeline: a React version with an `api/` handler is built in
 * the sandbox (the handler bundled by esbuild there), and its preview host sends `/api/*` to the
 * handler's app server and everything else to the static output. Its errors reach the owner's
 * realtime stream with the project's source line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorSource } from '../../../src/core/apps/index.ts';
import type { RealtimeEvent } from '../../../src/server/realtime/events.ts';
import { signedUpUser } from '../generation-helpers.ts';
import {
  buildVersion,
  createPreviewKiln,
  previewHost,
  templateWith,
  type TestKiln,
} from '../preview-helpers.ts';

const PACKAGE_JSON = (() => {
  const base = JSON.parse(
    templateWith('react', {}).find((file) => file.name === 'package.json')!.content,
  ) as {
    dependencies: Record<string, string>;
  };
  base.dependencies = { ...base.dependencies, hono: '^4.6.0' };
  return JSON.stringify(base, null, 2);
})();

const HANDLER = `import { Hono } from 'hono';
import { greeting } from './greet';

const app = new Hono().basePath('/api');

app.get('/hello', (c) => c.json({ message: greeting(c.req.query('name') ?? 'world'), method: c.req.method }));
app.post('/echo', async (c) => c.json({ received: await c.req.json() }));
app.get('/boom', () => {
  throw new Error('the handler broke on purpose');
});

export default app;
`;

let kiln: TestKiln;
let owner: Awaited<ReturnType<typeof signedUpUser>>;
let built: { chatId: string; version: number };

beforeAll(async () => {
  kiln = await createPreviewKiln();
  kiln.services.preview.start();
  owner = await signedUpUser(kiln, { premium: true });
  const result = await buildVersion(kiln, {
    userId: owner.userId,
    framework: 'react',
    files: templateWith('react', {
      'package.json': PACKAGE_JSON,
      'api/index.ts': HANDLER,
      'api/greet.ts': 'export const greeting = (name: string): string => `Hello, ${name}!`;\n',
    }),
  });
  expect(result.state.status, JSON.stringify(result.state)).toBe('ready');
  built = result;
}, 300_000);

afterAll(async () => {
  await kiln?.close();
});

function ask(path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('host', previewHost(built.chatId, built.version));
  return kiln.app.request(`http://${previewHost(built.chatId, built.version)}${path}`, { ...init, headers });
}

describe('an SPA with an api/ handler', () => {
  it('answers /api/* from the handler and the rest from the static build', async () => {
    const hello = await ask('/api/hello?name=Ada');
    expect(hello.status).toBe(200);
    expect(await hello.json()).toEqual({ message: 'Hello, Ada!', method: 'GET' });

    const echo = await ask('/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ entry: 'hi' }),
    });
    expect(await echo.json()).toEqual({ received: { entry: 'hi' } });

    const page = await ask('/', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('never serves the handler’s bundle or its manifest', async () => {
    for (const path of [
      '/.kiln-app/api.mjs',
      '/.kiln-app/app.json',
      '/.KILN-APP/api.mjs',
      '/%2ekiln-app/api.mjs',
    ]) {
      const response = await ask(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('Hono');
    }
  });

  it('reports a handler’s error to the owner with the line in the project', async () => {
    const events: RealtimeEvent[] = [];
    const unsubscribe = kiln.services.realtime.subscribe(built.chatId, (event) => events.push(event));
    try {
      const response = await ask('/api/boom');
      expect(response.status).toBe(500);
      await expect
        .poll(() => events.find((event) => event.type === 'app-server-error'), { timeout: 10_000 })
        .toBeTruthy();
      const event = events.find((candidate) => candidate.type === 'app-server-error')!;
      if (event.type !== 'app-server-error') throw new Error('unreachable');
      expect(event.error.message).toBe('the handler broke on purpose');
      // The stack names the project's file, not the folder on Kiln's disk the server ran in.
      expect(event.error.stack).toContain('/api/index.ts:9');
      expect(event.error.stack).not.toContain(kiln.dataDir);
      expect(errorSource(event.error.stack, ['api/index.ts', 'api/greet.ts'])).toMatchObject({
        file: 'api/index.ts',
        line: 9,
      });
    } finally {
      unsubscribe();
    }
  });

  it('a deployment of it answers /api/* from its own server (any method) and never serves the bundle', async () => {
    const deployed = await owner.client.request(`/api/chats/${built.chatId}/deployment`, {
      method: 'POST',
      json: { subdomain: 'guest-api', version: built.version },
    });
    expect(deployed.status).toBe(200);
    const host = 'guest-api.localhost:3000';
    const site = (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('host', host);
      return kiln.app.request(`http://${host}${path}`, { ...init, headers });
    };
    expect(await (await site('/api/hello?name=Site')).json()).toEqual({
      message: 'Hello, Site!',
      method: 'GET',
    });
    const echo = await site('/api/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'site' }),
    });
    expect(await echo.json()).toEqual({ received: { from: 'site' } });
    expect((await site('/.kiln-app/api.mjs')).status).toBe(404);
    expect(await (await site('/')).text()).toContain('<div id="root">');
    // Static files still take GET only.
    expect((await site('/', { method: 'POST' })).status).toBe(405);
  });
});
