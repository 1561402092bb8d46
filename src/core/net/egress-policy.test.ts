import { describe, expect, it } from 'vitest';
import {
  isAllowedOrigin,
  isOpenPort,
  openPorts,
  originKey,
  portList,
  urlRefusal,
  type EgressPolicy,
} from './egress-policy.ts';

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

describe('isOpenPort: an app server reaches ports 80 and 443 and its integrations’ own ports (issue 31 item 6)', () => {
  const app: EgressPolicy = {
    allowPrivate: false,
    ports: [80, 443],
    allowOriginPorts: ['db.example.com:5432', 'smtp.example.com:587', '[2001:db8::5]:25'],
  };

  it.each([
    ['example.com', 80],
    ['example.com', 443],
    ['8.8.8.8', 443],
    ['db.example.com', 5432],
    ['DB.Example.com', 5432],
    ['smtp.example.com', 587],
    ['2001:db8::5', 25],
    ['[2001:db8::5]', 25],
  ])('opens %s:%i', (host, port) => {
    expect(isOpenPort(app, host, port)).toBe(true);
  });

  it.each([
    ['example.com', 25],
    ['example.com', 22],
    ['8.8.8.8', 6379],
    ['mx.spam-target.example', 587],
    ['db.example.com', 5433],
    ['db.example.com', 587],
    ['smtp.example.com', 465],
    ['2001:db8::6', 25],
  ])('closes %s:%i (a relay or a scanner from Kiln’s address)', (host, port) => {
    expect(isOpenPort(app, host, port)).toBe(false);
  });

  it('KILN_APP_EGRESS_PORTS replaces 80 and 443', () => {
    const only443: EgressPolicy = { allowPrivate: false, ports: [443] };
    expect(isOpenPort(only443, 'example.com', 443)).toBe(true);
    expect(isOpenPort(only443, 'example.com', 80)).toBe(false);
    const more: EgressPolicy = { allowPrivate: false, ports: [80, 443, 8443] };
    expect(isOpenPort(more, 'example.com', 8443)).toBe(true);
    expect(openPorts(more)).toEqual([80, 443, 8443]);
    expect(openPorts({ allowPrivate: false })).toEqual([80, 443]);
    expect(openPorts({ allowPrivate: false, allowPorts: [4100] })).toEqual([80, 443, 4100]);
  });

  it('an allowed origin keeps its port; a policy that names its ports keeps them even with allowPrivate', () => {
    const scoped: EgressPolicy = { allowPrivate: false, ports: [80, 443], allowOrigins: ['127.0.0.1:4100'] };
    expect(isOpenPort(scoped, '127.0.0.1', 4100)).toBe(true);
    expect(isOpenPort(scoped, '127.0.0.1', 4101)).toBe(false);
    const open: EgressPolicy = { allowPrivate: true, ports: [80, 443] };
    expect(isOpenPort(open, '127.0.0.1', 5173)).toBe(false);
    expect(isOpenPort(open, '127.0.0.1', 80)).toBe(true);
    // Clone's KILN_CLONE_ALLOW_PRIVATE (no ports named) still opens every port.
    expect(isOpenPort({ allowPrivate: true }, '127.0.0.1', 5173)).toBe(true);
  });

  it('an integration’s port does not lift the address rule', () => {
    const integration: EgressPolicy = {
      allowPrivate: false,
      ports: [80, 443],
      allowOriginPorts: ['127.0.0.1:5432'],
    };
    expect(isOpenPort(integration, '127.0.0.1', 5432)).toBe(true);
    expect(isAllowedOrigin(integration, '127.0.0.1', 5432)).toBe(false);
    expect(urlRefusal(new URL('http://127.0.0.1:5432/'), integration)).toMatchObject({
      reason: 'address',
      kind: 'loopback',
    });
    expect(urlRefusal(new URL('http://example.com:5432/'), integration)).toMatchObject({ reason: 'port' });
  });

  it('an allowed origin matches an IPv6 host with or without brackets', () => {
    const v6: EgressPolicy = { allowPrivate: false, allowOrigins: ['[::1]:5432'] };
    expect(isAllowedOrigin(v6, '::1', 5432)).toBe(true);
    expect(isAllowedOrigin(v6, '[::1]', 5432)).toBe(true);
    expect(isAllowedOrigin(v6, '::1', 5433)).toBe(false);
  });

  it('lists ports as a sentence', () => {
    expect(portList([80, 443])).toBe('80 and 443');
    expect(portList([80, 443, 8080])).toBe('80, 443 and 8080');
    expect(portList([443])).toBe('443');
  });
});
