import { describe, expect, it } from 'vitest';
import {
  integrationEndpoints,
  refusedHostName,
  unsafeAddressKind,
  unsafeAddressMessage,
} from './address-safety.ts';
import { findProvider } from './providers.ts';

describe('address safety: integration endpoints reach public hosts only (issue 16 item 6)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.254', 'shared (CGNAT)'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.10.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fd12:3456::1', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['fe80::1%eth0', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['64:ff9b::10.0.0.1', 'private'],
  ])('%s is refused as %s', (address, kind) => {
    expect(unsafeAddressKind(address)).toBe(kind);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700::1111', '::ffff:1.1.1.1'])(
    '%s is a public address',
    (address) => {
      expect(unsafeAddressKind(address)).toBeNull();
    },
  );

  it('something that is not an address is never connected to', () => {
    expect(unsafeAddressKind('1.2.3.4.5')).toBe('reserved');
    // A short form is an address to a resolver (1.2.0.3): checked as one.
    expect(unsafeAddressKind('127.1')).toBe('loopback');
    expect(unsafeAddressKind('1::2::3')).toBe('reserved');
  });

  it('localhost names and Unix sockets are refused without resolving', () => {
    expect(refusedHostName('localhost')).toBe('loopback');
    expect(refusedHostName('db.localhost.')).toBe('loopback');
    expect(refusedHostName('/var/run/postgresql')).toBe('loopback');
    expect(refusedHostName('db.example.com')).toBeNull();
  });

  it('the message says which field, which address, and how a self-hoster allows it', () => {
    expect(unsafeAddressMessage('Connection string', 'db.internal', '10.1.2.3', 'private')).toBe(
      'Connection string: db.internal (10.1.2.3) is a private address. Integrations may only reach public hosts; ' +
        'a self-hosted Kiln on a private network can allow them with KILN_ALLOW_PRIVATE_INTEGRATIONS=true.',
    );
  });

  it('finds every host a provider connects to, libpq host parameters included', () => {
    const postgres = findProvider('postgres')!;
    expect(
      integrationEndpoints(postgres, {
        connectionString: 'postgres://u:p@db.example.com:5432/app?host=/tmp&hostaddr=10.0.0.1',
        postgrestUrl: 'https://[::1]:3000',
      }),
    ).toEqual([
      { label: 'Connection string', host: 'db.example.com' },
      { label: 'Connection string', host: '/tmp' },
      { label: 'Connection string', host: '10.0.0.1' },
      { label: 'PostgREST URL', host: '::1' },
    ]);
    expect(integrationEndpoints(findProvider('smtp')!, { host: 'smtp.example.com' })).toEqual([
      { label: 'Host', host: 'smtp.example.com' },
    ]);
    expect(integrationEndpoints(findProvider('stripe')!, { secretKey: 'sk_x' })).toEqual([]);
  });
});
