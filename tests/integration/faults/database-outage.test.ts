import { afterAll, describe, expect, inject, it } from 'vitest';
import { createFreshDatabase } from '../postgres-server.ts';
import { startKilnProcess, type KilnProcess } from './kiln-process.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/**
 * Issue 21 item 6, "database unavailable": PostgreSQL restarts (every open connection ends, new
 * ones are turned away) under a running Kiln. Requests answer a clear 503 at once, the process
 * lives on, and it recovers by itself when the database is back.
 */
describe('faults: the database unavailable for a while', () => {
  let proxy: TcpProxy;
  let kiln: KilnProcess;
  afterAll(async () => {
    await kiln?.kill();
    await proxy?.close();
  });

  it('answers 503 database-unavailable while it is down, survives, and recovers by itself', async () => {
    const direct = new URL(await createFreshDatabase(inject('postgresUrl')));
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
    const viaProxy = new URL(direct);
    viaProxy.port = String(proxy.port);
    kiln = await startKilnProcess({ DATABASE_URL: viaProxy.toString(), KILN_DEMO_DELAY_MS: '0' });
    const cookie = await kiln.signIn('outage@example.com');
    // Several requests at once, so the pool holds idle connections when the database goes away.
    const before = await Promise.all([1, 2, 3, 4].map(() => kiln.request('/api/me', { cookie })));
    expect(before.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    const chatsBefore = await (await kiln.request('/api/chats', { cookie })).json();

    proxy.cut();
    // A read and a write, each answered (a guard timeout far beyond any reconnect attempt).
    const timeout = () => AbortSignal.timeout(60_000);
    const me = await kiln.request('/api/me', { cookie, signal: timeout() });
    const created = await kiln.request('/api/chats', {
      method: 'POST',
      cookie,
      signal: timeout(),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'A dashboard', framework: 'react' }),
    });
    for (const response of [me, created]) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBeTruthy();
      expect(await response.json()).toMatchObject({
        error: {
          code: 'database-unavailable',
          message: 'The database is unavailable right now. Please try again in a moment.',
        },
      });
    }
    // Signed in all along: an outage never reads as being signed out.
    expect(me.status).not.toBe(401);
    expect(kiln.child.exitCode).toBeNull();

    proxy.restore();
    const after = await kiln.request('/api/me', { cookie });
    expect(after.status).toBe(200);
    expect(kiln.child.exitCode).toBeNull();
    // The refused write left nothing behind.
    expect(await (await kiln.request('/api/chats', { cookie })).json()).toEqual(chatsBefore);
  }, 180_000);
});
