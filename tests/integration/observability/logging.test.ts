import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/server/config.ts';
import { createKiln, type Kiln } from '../../../src/server/main.ts';
import { findLeaks } from '../../support/leak-scan.ts';

interface LogLine {
  level: number;
  msg: string;
  requestId?: string;
  method?: string;
  route?: string;
  status?: number;
  durationMs?: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Kiln at KILN_LOG_LEVEL=info, its JSON log read from a stream (what stdout would carry). */
describe('structured logs with a request id (issue 20 item 3)', () => {
  const written: string[] = [];
  let kiln: Kiln;
  let dataDir: string;
  const lines = () =>
    written
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  const accessLines = () => lines().filter((line) => line.msg === 'request');

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kiln-logs-'));
    const config = parseConfig({
      KILN_DATA_DIR: dataDir,
      KILN_SECRET: 'x'.repeat(40),
      KILN_RATE_LIMITS: 'off',
      KILN_LOG_LEVEL: 'info',
    });
    kiln = await createKiln(config, {
      inMemoryDatabase: true,
      logDestination: { write: (chunk: string) => void written.push(chunk) },
    });
  });
  afterAll(async () => {
    await kiln?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('echoes a safe incoming X-Request-Id and logs one access line with it', async () => {
    const response = await kiln.app.request('/api/health', { headers: { 'x-request-id': 'lb-4f2a-77' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('lb-4f2a-77');
    const mine = accessLines().filter((line) => line.requestId === 'lb-4f2a-77');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, method: 'GET', route: '/api/health', status: 200 });
    expect(typeof mine[0]!.durationMs).toBe('number');
  });

  it('generates an id when none comes or the given one is long or unsafe, and logs that one', async () => {
    for (const given of [undefined, 'a'.repeat(65), 'id with spaces', '<script>', 'x;rm -rf']) {
      const headers: Record<string, string> = given === undefined ? {} : { 'x-request-id': given };
      const response = await kiln.app.request('/api/plans', { headers });
      const id = response.headers.get('x-request-id') ?? '';
      expect(id).toMatch(UUID);
      expect(accessLines().filter((line) => line.requestId === id)).toHaveLength(1);
      if (given) expect(written.join('')).not.toContain(given);
    }
  });

  it('names the route pattern, never the path, its query, the cookies or the Authorization header', async () => {
    const secrets = {
      'path token': 'reset-token-9a8b7c6d5e',
      'query token': 'preview-token-1f2e3d4c5b',
      cookie: 'session-cookie-0a1b2c3d4e',
      authorization: 'bearer-secret-5f6e7d8c9b',
    };
    const response = await kiln.app.request(
      `/api/auth/reset-password/${secrets['path token']}?token=${secrets['query token']}`,
      {
        headers: {
          cookie: `better-auth.session_token=${secrets.cookie}`,
          authorization: `Bearer ${secrets.authorization}`,
          'x-request-id': 'reset-1',
        },
      },
    );
    expect(response.headers.get('x-request-id')).toBe('reset-1');
    expect(accessLines().find((line) => line.requestId === 'reset-1')).toMatchObject({
      route: '/api/auth/*',
    });
    expect(findLeaks(written.join(''), secrets)).toEqual([]);
  });
});
