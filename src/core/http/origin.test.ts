import { describe, expect, it } from 'vitest';
import { checkRequestOrigin, isStateChangingMethod } from './origin.ts';

const APP = ['http://kiln.test:3000'];

describe('issue 12 item 2: only the app’s own pages may change anything', () => {
  it('GET, HEAD and OPTIONS are not checked; every other method is', () => {
    for (const method of ['GET', 'head', 'OPTIONS']) expect(isStateChangingMethod(method)).toBe(false);
    for (const method of ['POST', 'put', 'PATCH', 'DELETE']) expect(isStateChangingMethod(method)).toBe(true);
  });

  it('the app’s own origin is allowed, with or without Sec-Fetch-Site', () => {
    expect(
      checkRequestOrigin({ origin: 'http://kiln.test:3000', secFetchSite: 'same-origin' }, APP).allowed,
    ).toBe(true);
    expect(
      checkRequestOrigin({ origin: 'http://KILN.test:3000', secFetchSite: undefined }, APP).allowed,
    ).toBe(true);
  });

  it.each([
    ['a preview host of the same site', 'http://c-1.preview.kiln.test:3000', 'same-site'],
    ['another site', 'https://evil.example', 'cross-site'],
    ['the same host on another port', 'http://kiln.test:3001', 'same-site'],
    ['another scheme', 'https://kiln.test:3000', 'cross-site'],
    ['a sandboxed page (opaque origin)', 'null', 'cross-site'],
  ])('%s is refused with cross-site-request', (_, origin, secFetchSite) => {
    const verdict = checkRequestOrigin({ origin, secFetchSite }, APP);
    expect(verdict).toMatchObject({ allowed: false, code: 'cross-site-request' });
    // Without Sec-Fetch-Site (older browsers) the Origin alone decides.
    expect(checkRequestOrigin({ origin, secFetchSite: null }, APP).allowed).toBe(false);
  });

  it('without Origin, Sec-Fetch-Site decides: same-origin or none only', () => {
    expect(checkRequestOrigin({ origin: null, secFetchSite: 'same-origin' }, APP).allowed).toBe(true);
    expect(checkRequestOrigin({ origin: null, secFetchSite: 'none' }, APP).allowed).toBe(true);
    expect(checkRequestOrigin({ origin: null, secFetchSite: 'same-site' }, APP).allowed).toBe(false);
    expect(checkRequestOrigin({ origin: null, secFetchSite: 'cross-site' }, APP).allowed).toBe(false);
  });

  it('a matching Origin does not excuse a Sec-Fetch-Site that says another site', () => {
    expect(
      checkRequestOrigin({ origin: 'http://kiln.test:3000', secFetchSite: 'same-site' }, APP).allowed,
    ).toBe(false);
  });

  it('neither header (curl, scripts, tests: not a browser’s cross-site request) is allowed', () => {
    expect(checkRequestOrigin({ origin: undefined, secFetchSite: undefined }, APP).allowed).toBe(true);
    expect(checkRequestOrigin({ origin: '', secFetchSite: '' }, APP).allowed).toBe(true);
  });

  it('the refusal names the origin it came from and the one Kiln accepts', () => {
    const verdict = checkRequestOrigin({ origin: 'http://127.0.0.1:3000', secFetchSite: null }, APP);
    expect(verdict.allowed).toBe(false);
    if (!verdict.allowed) {
      expect(verdict.message).toContain('http://127.0.0.1:3000');
      expect(verdict.message).toContain('http://kiln.test:3000');
    }
  });
});
