import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FetchLimitError,
  safeFetch,
  UnsafeAddressError,
  type SafeFetchOptions,
} from '../../src/server/net/safe-fetch.ts';
import { resolveThrough } from '../support/dns-resolve.ts';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { startLoopbackSite, type LoopbackSite } from '../support/loopback-site.ts';

/**
 * Issue 19 item 5: the server's fetch of a user's URL against a real loopback site and a real
 * DNS server. Every site here is on 127.0.0.1, so with the guard on nothing may reach it unless
 * the test names it as an allowed origin.
 */
let site: LoopbackSite;
let dns: TestDnsServer;
let resolve: (host: string) => Promise<string[]>;

beforeAll(async () => {
  site = await startLoopbackSite();
  dns = await startDnsServer({
    'site.test': { A: ['127.0.0.1'] },
    'rebind.test': { A: ['127.0.0.1'] },
    'mixed.test': { A: ['8.8.8.8', '127.0.0.1'] },
    'metadata.test': { A: ['169.254.169.254'] },
    'mapped.test': { AAAA: ['::ffff:7f00:1'] },
  });
  resolve = resolveThrough(dns);
});

afterAll(async () => {
  await site.close();
  await dns.close();
});

const limits = { maxBytes: 1024 * 1024, timeoutMs: 10_000 };
/** The guard on; the site's port opened (so the address rule, not the port rule, is what refuses). */
const guarded = (): SafeFetchOptions => ({
  ...limits,
  allowPrivate: false,
  allowPorts: [site.port],
  resolve,
});
/** The guard on, the site reachable under the name site.test only (the allow switch scoped to it). */
const scoped = (): SafeFetchOptions => ({ ...guarded(), allowOrigins: [`site.test:${site.port}`] });

async function refusal(url: string, options: SafeFetchOptions): Promise<unknown> {
  return safeFetch(url, options).then(
    () => 'fetched',
    (error: unknown) => error,
  );
}

describe('safeFetch', () => {
  it('fetches the loopback site when private addresses are allowed (KILN_CLONE_ALLOW_PRIVATE)', async () => {
    const result = await safeFetch(`${site.origin}/`, { ...limits, allowPrivate: true });
    expect(result.status).toBe(200);
    expect(result.contentType).toBe('text/html');
    expect(result.url).toBe(`${site.origin}/`);
    expect(result.body.toString()).toContain('<h1>Loopback Bakery</h1>');
  });

  it('refuses the loopback site by address and by port with the guard on; nothing reaches it', async () => {
    const byPort = await refusal(`${site.origin}/secret`, { ...limits, allowPrivate: false });
    expect(byPort).toBeInstanceOf(UnsafeAddressError);
    expect(byPort).toMatchObject({ reason: 'port' });
    const byAddress = await refusal(`${site.origin}/secret`, guarded());
    expect(byAddress).toMatchObject({ reason: 'address', kind: 'loopback' });
    for (const url of [
      `http://0x7f.1:${site.port}/secret`,
      `http://2130706433:${site.port}/secret`,
      `http://[::ffff:127.0.0.1]:${site.port}/secret`,
      `http://localhost:${site.port}/secret`,
    ]) {
      expect(await refusal(url, guarded()), url).toMatchObject({ reason: 'address', kind: 'loopback' });
    }
    expect(site.received('/secret')).toBe(false);
  });

  it('refuses a name that resolves to a private address, checked on the answer the socket uses', async () => {
    const error = await refusal(`http://rebind.test:${site.port}/secret`, guarded());
    expect(error).toBeInstanceOf(UnsafeAddressError);
    expect((error as Error).message).toContain('rebind.test (127.0.0.1) is a loopback address');
    expect(dns.queries).toContain('udp A rebind.test');
    // One private answer among public ones is enough: the socket could pick it.
    expect(await refusal(`http://mixed.test:${site.port}/secret`, guarded())).toMatchObject({
      kind: 'loopback',
    });
    expect(await refusal(`http://metadata.test/latest/meta-data/`, guarded())).toMatchObject({
      kind: 'cloud metadata',
    });
    expect(await refusal(`http://mapped.test:${site.port}/secret`, guarded())).toMatchObject({
      kind: 'loopback',
    });
    expect(site.received('/secret')).toBe(false);
  });

  it('lets only the allowed origin through when the allow switch is scoped to it', async () => {
    const result = await safeFetch(`http://site.test:${site.port}/about`, scoped());
    expect(result.body.toString()).toContain('About the bakery');
    expect(site.requests).toContain(`GET site.test:${site.port}/about`);
    expect(await refusal(`http://rebind.test:${site.port}/about`, scoped())).toBeInstanceOf(
      UnsafeAddressError,
    );
  });

  it('checks every redirect: a redirect into a private address is refused before it is followed', async () => {
    const into = (to: string) => `http://site.test:${site.port}/redirect?to=${encodeURIComponent(to)}`;
    expect(await refusal(into(`http://127.0.0.1:${site.port}/secret`), scoped())).toMatchObject({
      reason: 'address',
      kind: 'loopback',
    });
    expect(await refusal(into(`http://rebind.test:${site.port}/secret`), scoped())).toMatchObject({
      reason: 'address',
      kind: 'loopback',
    });
    expect(await refusal(into('http://169.254.169.254/latest/meta-data/'), scoped())).toMatchObject({
      kind: 'cloud metadata',
    });
    expect(await refusal(into('file:///etc/passwd'), scoped())).toMatchObject({ reason: 'scheme' });
    expect(await refusal(into('http://example.com:6379/'), scoped())).toMatchObject({ reason: 'port' });
    expect(
      site.requests.filter((request) => request.startsWith('GET site.test') && request.includes('/redirect')),
    ).toHaveLength(5);
    expect(site.received('/secret')).toBe(false);
  });

  it('follows at most five redirects and reports the final URL', async () => {
    const open = { ...limits, allowPrivate: true };
    const landed = await safeFetch(`${site.origin}/chain?n=4`, open);
    expect(landed.url).toBe(`${site.origin}/`);
    expect(landed.body.toString()).toContain('Loopback Bakery');
    const tooMany = await refusal(`${site.origin}/chain?n=5`, open);
    expect(tooMany).toBeInstanceOf(FetchLimitError);
    expect(tooMany).toMatchObject({ limit: 'redirects' });
    expect(await refusal(`${site.origin}/chain?n=1`, { ...open, maxRedirects: 1 })).toMatchObject({
      limit: 'redirects',
    });
  });

  it('stops reading a body past its byte limit, announced or not', async () => {
    const open = { ...limits, allowPrivate: true, maxBytes: 256 * 1024 };
    const endless = await refusal(`${site.origin}/huge`, open);
    expect(endless).toBeInstanceOf(FetchLimitError);
    expect(endless).toMatchObject({ limit: 'bytes' });
    expect(await refusal(`${site.origin}/huge-declared`, open)).toMatchObject({ limit: 'bytes' });
  });

  it('gives up on a body that stalls once its deadline passes', async () => {
    const stalled = await refusal(`${site.origin}/slow`, { ...limits, allowPrivate: true, timeoutMs: 300 });
    expect(stalled).toBeInstanceOf(FetchLimitError);
    expect(stalled).toMatchObject({ limit: 'time' });
  });
});
