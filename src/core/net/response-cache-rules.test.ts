import { describe, expect, it } from 'vitest';
import { freshUntil, isCacheableRequest, isCacheableResponse } from './response-cache-rules.ts';

const headers =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name];

describe('which build fetches the shared cache answers', () => {
  it('plain GETs only: a credential, a cookie or any unknown header keeps the request out', () => {
    expect(isCacheableRequest('GET', ['accept', 'user-agent', 'accept-encoding', 'sec-fetch-mode'])).toBe(
      true,
    );
    expect(isCacheableRequest('get', [])).toBe(true);
    expect(isCacheableRequest('POST', ['accept'])).toBe(false);
    expect(isCacheableRequest('HEAD', [])).toBe(false);
    expect(isCacheableRequest('GET', ['accept', 'Authorization'])).toBe(false);
    expect(isCacheableRequest('GET', ['cookie'])).toBe(false);
    expect(isCacheableRequest('GET', ['x-api-key'])).toBe(false);
  });
});

describe('which answers are kept', () => {
  it('a 200 without no-store, cookie or Vary: *', () => {
    expect(isCacheableResponse(200, headers({ 'cache-control': 'public, max-age=60' }))).toBe(true);
    // Google Fonts' stylesheets: private because they vary by browser; kept (plain requests only).
    expect(isCacheableResponse(200, headers({ 'cache-control': 'private, max-age=86400' }))).toBe(true);
    expect(isCacheableResponse(200, headers({ 'cache-control': 'no-store' }))).toBe(false);
    expect(isCacheableResponse(200, headers({ 'set-cookie': 'a=1' }))).toBe(false);
    expect(isCacheableResponse(200, headers({ vary: 'accept, *' }))).toBe(false);
    expect(isCacheableResponse(200, headers({ vary: 'accept-encoding' }))).toBe(true);
    for (const status of [201, 204, 301, 404, 500])
      expect(isCacheableResponse(status, headers({}))).toBe(false);
  });
});

describe('how long a kept answer is fresh', () => {
  const at = Date.parse('2026-11-28T12:00:00Z');
  it('s-maxage over max-age; no-cache or nothing: stale at once', () => {
    expect(freshUntil(at, headers({ 'cache-control': 'max-age=60' }))).toBe(at + 60_000);
    expect(freshUntil(at, headers({ 'cache-control': 'max-age=60, s-maxage=10' }))).toBe(at + 10_000);
    expect(freshUntil(at, headers({ 'cache-control': 'no-cache, max-age=60' }))).toBe(at);
    expect(freshUntil(at, headers({}))).toBe(at);
  });
  it('Expires counts from the answer’s own Date', () => {
    const date = 'Sat, 28 Nov 2026 11:00:00 GMT';
    const expires = 'Sat, 28 Nov 2026 11:05:00 GMT';
    expect(freshUntil(at, headers({ date, expires }))).toBe(at + 300_000);
    expect(freshUntil(at, headers({ expires: 'garbage' }))).toBe(at);
  });
});
