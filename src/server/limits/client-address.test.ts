import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { addressKey, createClientAddressOf, parseTrustedProxies } from './client-address.ts';

/** The client address an app with these trusted proxies resolves for a request from `peer`. */
async function resolve(trusted: string[], peer: string | null, forwardedFor?: string): Promise<string> {
  const addressOf = createClientAddressOf(trusted);
  const app = new Hono().get('/', (c) => c.text(addressOf(c)));
  const headers = forwardedFor === undefined ? undefined : { 'x-forwarded-for': forwardedFor };
  const env = peer === null ? undefined : { incoming: { socket: { remoteAddress: peer } } };
  return (await app.request('/', { headers }, env)).text();
}

const LOOPBACK = ['127.0.0.1', '::1'];

describe('the client address of a request', () => {
  it('is the peer when the peer is no trusted proxy, whatever X-Forwarded-For says', async () => {
    expect(await resolve(LOOPBACK, '198.51.100.4', '203.0.113.9')).toBe('198.51.100.4');
    expect(await resolve(LOOPBACK, '::ffff:198.51.100.4')).toBe('198.51.100.4');
  });

  it('behind a trusted proxy, the rightmost address the proxies did not write themselves', async () => {
    expect(await resolve(LOOPBACK, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // A client's own X-Forwarded-For is what is left of the proxy's entry: never read.
    expect(await resolve(LOOPBACK, '127.0.0.1', '1.2.3.4, 203.0.113.9')).toBe('203.0.113.9');
    expect(await resolve([...LOOPBACK, '10.0.0.0/8'], '127.0.0.1', '1.2.3.4, 203.0.113.9, 10.1.2.3')).toBe(
      '203.0.113.9',
    );
    // Garbage where a proxy would have written an address: the peer.
    expect(await resolve(LOOPBACK, '127.0.0.1', 'evil, ')).toBe('127.0.0.1');
    expect(await resolve(LOOPBACK, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('a request without a socket (the app called in process) is loopback', async () => {
    expect(await resolve(LOOPBACK, null)).toBe('127.0.0.1');
    expect(await resolve(LOOPBACK, null, '203.0.113.9')).toBe('203.0.113.9');
    expect(await resolve([], null, '203.0.113.9')).toBe('127.0.0.1');
  });

  it('an IPv6 client is counted as its /64', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('0064:ff9b:0000:0000::/64');
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
  });

  it('KILN_TRUSTED_PROXIES takes addresses and CIDR ranges', () => {
    expect(parseTrustedProxies('127.0.0.1, ::1,10.0.0.0/8 ,fd00::/8')).toEqual({
      ok: true,
      entries: ['127.0.0.1', '::1', '10.0.0.0/8', 'fd00::/8'],
    });
    expect(parseTrustedProxies('')).toEqual({ ok: true, entries: [] });
    for (const wrong of ['localhost', '10.0.0.0/33', '10.0.0.0/x', '1.2.3.4/8/9']) {
      expect(parseTrustedProxies(wrong).ok).toBe(false);
    }
  });
});
