import { describe, expect, it } from 'vitest';
import { classifyBuildLog } from '../build-log/index.ts';
import { egressLogLine } from './egress-log.ts';

describe("the build log's lines for what a build reached", () => {
  it('names each URL, its answer and where it came from', () => {
    const request = 'GET https://fonts.googleapis.com/css2?family=Inter';
    expect(egressLogLine({ kind: 'fetched', request, status: 200, bytes: 1536, source: 'network' })).toBe(
      '[kiln] fetched GET https://fonts.googleapis.com/css2?family=Inter → 200, 1.5 KB, from the network',
    );
    expect(egressLogLine({ kind: 'fetched', request, status: 200, bytes: 10, source: 'cache' })).toMatch(
      /→ 200, 10 B, from Kiln's cache$/,
    );
    expect(
      egressLogLine({
        kind: 'fetched',
        request,
        status: 200,
        bytes: 10,
        source: 'stale',
        problem: 'timed out',
      }),
    ).toMatch(/from Kiln's cache, the network did not answer: timed out$/);
    expect(
      egressLogLine({
        kind: 'fetched',
        request: 'GET http://a.example/',
        status: 200,
        bytes: 1,
        source: 'network',
        finalUrl: 'https://b.example/',
      }),
    ).toMatch(/GET http:\/\/a\.example\/ \(redirected to https:\/\/b\.example\/\) → 200/);
  });

  it('names each refusal with its reason, on one line whatever the URL holds', () => {
    const line = egressLogLine({
      kind: 'refused',
      request: 'GET http://10.0.0.1/\r\nError: injected',
      reason: '10.0.0.1 is a private address; only public addresses can be fetched.',
    });
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(
      /^\[kiln\] refused GET http:\/\/10\.0\.0\.1\/ {2}Error: injected: 10\.0\.0\.1 is a private/,
    );
    expect(
      egressLogLine({ kind: 'failed', request: 'GET https://x.example/', reason: 'x'.repeat(500) }).length,
    ).toBeLessThan(400);
  });

  it('is not read as the build’s own error', () => {
    const lines = [
      egressLogLine({
        kind: 'fetched',
        request: 'GET https://a.example/',
        status: 200,
        bytes: 1,
        source: 'cache',
      }),
      egressLogLine({ kind: 'connected', destination: 'db.example:443' }),
    ].join('\n');
    expect(classifyBuildLog(lines)).toBeNull();
  });
});
