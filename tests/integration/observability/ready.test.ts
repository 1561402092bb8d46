import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { JobQueue } from '../../../src/server/jobs/queue.ts';
import { startFakeS3 } from '../../fixtures/fake-s3.ts';
import { createFreshDatabase } from '../postgres-server.ts';
import { startKilnProcess, type KilnProcess } from '../faults/kiln-process.ts';
import { startTcpProxy, type TcpProxy } from '../faults/tcp-proxy.ts';
import { createTestKiln } from '../test-app.ts';

/**
 * Issue 20 item 3: GET /api/health is liveness (the process answers, no database), GET /api/ready
 * readiness (the database, the blob store, the queue's depth): 503 naming the failed check.
 */
describe('GET /api/ready', () => {
  describe('on the embedded database and the local blob folder', () => {
    let kiln: Awaited<ReturnType<typeof createTestKiln>>;
    beforeAll(async () => {
      kiln = await createTestKiln();
    });
    afterAll(async () => kiln?.close());

    it('200 ready with the database and blob checks and the queued jobs by kind', async () => {
      const queue = new JobQueue(kiln.services.db);
      await queue.enqueue({ kind: 'ready-test', key: 'ready-test:1' });
      const response = await kiln.app.request('/api/ready');
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({
        status: 'ready',
        checks: { database: { ok: true }, blobs: { ok: true } },
        queue: { queued: { 'ready-test': 1 } },
      });
    });
  });

  describe('on S3', () => {
    let s3: Awaited<ReturnType<typeof startFakeS3>>;
    let kiln: Awaited<ReturnType<typeof createTestKiln>>;
    beforeAll(async () => {
      s3 = await startFakeS3();
      kiln = await createTestKiln({
        KILN_S3_BUCKET: 'kiln',
        KILN_S3_ENDPOINT: s3.endpoint,
        KILN_S3_ACCESS_KEY_ID: 'test',
        KILN_S3_SECRET_ACCESS_KEY: 'test',
      });
    });
    afterAll(async () => {
      await kiln?.close();
      await s3?.close().catch(() => undefined);
    });

    it('503 naming the blob store when S3 is unreachable, without its address or error text', async () => {
      expect((await kiln.app.request('/api/ready')).status).toBe(200);
      await s3.close();
      const response = await kiln.app.request('/api/ready');
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(JSON.parse(body)).toMatchObject({
        status: 'unready',
        checks: { database: { ok: true }, blobs: { ok: false, reason: expect.any(String) } },
      });
      expect(body).not.toContain(new URL(s3.endpoint).port);
      // Liveness does not depend on it.
      expect((await kiln.app.request('/api/health')).status).toBe(200);
    });
  });

  describe('with PostgreSQL cut off under a running process', () => {
    let proxy: TcpProxy;
    let kiln: KilnProcess;
    afterAll(async () => {
      await kiln?.kill();
      await proxy?.close();
    });

    it('503 naming the database (no queue), health still 200, and ready again once it is back', async () => {
      const direct = new URL(await createFreshDatabase(inject('postgresUrl')));
      proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
      const viaProxy = new URL(direct);
      viaProxy.port = String(proxy.port);
      kiln = await startKilnProcess({ DATABASE_URL: viaProxy.toString() });
      expect((await kiln.request('/api/ready')).status).toBe(200);

      proxy.cut();
      const down = await kiln.request('/api/ready');
      expect(down.status).toBe(503);
      const body = await down.text();
      expect(JSON.parse(body)).toEqual({
        status: 'unready',
        checks: { database: { ok: false, reason: expect.any(String) }, blobs: { ok: true } },
        queue: null,
      });
      // A short reason only: no connection string, host or port, no driver message.
      expect(body).not.toContain(String(proxy.port));
      expect(body).not.toMatch(/ECONN|postgres|password/i);
      const health = await kiln.request('/api/health');
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true, database: 'postgres' });

      proxy.restore();
      expect((await kiln.request('/api/ready')).status).toBe(200);
    }, 180_000);
  });
});
