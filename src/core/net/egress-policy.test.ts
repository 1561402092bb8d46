import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, originKey, urlRefusal, type EgressPolicy } from './egress-policy.ts';

const guarded: EgressPolicy = { allowPrivate: false };
const refusal = (url: string, policy: EgressPolicy = guarded) => urlRefusal(new URL(url), policy);

describe('urlRefusal: http and https on ports 80 and 443, never a private address (issue 19 item 5)', () => {
  it.each([
    'https://example.com/',
    'http://example.com/page?q=1',
    'https://example.com:443/',
    'http://example.com:80/',
    'http://example.com:443/',
    'https://8.8.8.8/',
    'https://[2606:4700:4700::1111]/',
  ])('lets %s through (a name is judged again when resolved)', (url) => {
    expect(refusal(url)).toBeNull();
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/',
    'gopher://example.com:70/',
    'data:text/html,hi',
    'javascript:alert(1)',
  ])('refuses the scheme of %s', (url) => {
    expect(refusal(url)?.reason).toBe('scheme');
  });

  it.each([
    'http://example.com:8080/',
    'https://example.com:22/',
    'http://example.com:6379/',
    'https://8.8.8.8:8443/',
  ])('refuses the port of %s', (url) => {
    expect(refusal(url)).toMatchObject({
      reason: 'port',
      message: expect.stringContaining('only ports 80 and 443'),
    });
  });

  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:7f00:1]/', 'loopback'],
    ['http://localhost/', 'loopback'],
    ['http://LOCALHOST./', 'loopback'],
    ['http://app.localhost/', 'loopback'],
    ['http://10.1.2.3/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'cloud metadata'],
    ['http://[fd00:ec2::254]/', 'cloud metadata'],
    ['http://0xa9fea9fe/', 'cloud metadata'],
    ['http://100.100.100.200/', 'shared (CGNAT)'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://[2002:7f00:1::]/', 'loopback'],
  ])('refuses %s (%s)', (url, kind) => {
    expect(refusal(url)).toMatchObject({ reason: 'address', kind });
  });

  it('KILN_CLONE_ALLOW_PRIVATE lets every address and port through, never another scheme', () => {
    const open: EgressPolicy = { allowPrivate: true };
    expect(refusal('http://127.0.0.1:5173/', open)).toBeNull();
    expect(refusal('http://localhost:3000/', open)).toBeNull();
    expect(refusal('file:///etc/passwd', open)?.reason).toBe('scheme');
  });

  it('an allowed origin is scoped to its host and port', () => {
    const scoped: EgressPolicy = { allowPrivate: false, allowOrigins: ['127.0.0.1:4100', 'Site.Test:4100'] };
    expect(refusal('http://127.0.0.1:4100/a', scoped)).toBeNull();
    expect(refusal('http://site.test:4100/a', scoped)).toBeNull();
    expect(refusal('http://127.0.0.1:4101/', scoped)?.reason).toBe('port');
    expect(refusal('http://127.0.0.1/', scoped)?.reason).toBe('address');
    expect(isAllowedOrigin(scoped, 'site.test', 4100)).toBe(true);
    expect(isAllowedOrigin(scoped, 'other.test', 4100)).toBe(false);
  });

  it('extra ports open the port only, not the address', () => {
    const ports: EgressPolicy = { allowPrivate: false, allowPorts: [8080] };
    expect(refusal('http://example.com:8080/', ports)).toBeNull();
    expect(refusal('http://127.0.0.1:8080/', ports)?.reason).toBe('address');
  });

  it('names an origin by host and effective port', () => {
    expect(originKey(new URL('https://Example.com/x'))).toBe('example.com:443');
    expect(originKey(new URL('http://example.com/x'))).toBe('example.com:80');
    expect(originKey(new URL('http://[::1]:81/'))).toBe('[::1]:81');
  });
});
