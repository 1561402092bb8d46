import { describe, expect, it } from 'vitest';
import { parseIpAddress, refusedAddressKind } from './address-rule.ts';

describe('refusedAddressKind: public unicast only (issue 19 item 5)', () => {
  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.215.14'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4007:80f::200e'],
    ['::ffff:8.8.8.8'],
    ['64:ff9b::808:808'],
    ['2002:808:808::1'],
  ])('lets %s through', (address) => {
    expect(refusedAddressKind(address)).toBeNull();
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['169.254.0.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['169.254.169.254', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fd12:3456::1', 'unique-local'],
    ['fc00::1', 'unique-local'],
    ['fec0::1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(refusedAddressKind(address)).toBe(kind);
  });

  describe('IPv4 written another way', () => {
    it.each([
      ['2130706433', 'loopback'],
      ['0x7f000001', 'loopback'],
      ['0x7f.0.0.1', 'loopback'],
      ['0177.0.0.1', 'loopback'],
      ['0177.0.0.01', 'loopback'],
      ['127.1', 'loopback'],
      ['127.0.1', 'loopback'],
      ['0xa9.0xfe.0xa9.0xfe', 'cloud metadata'],
      ['2852039166', 'cloud metadata'],
      ['012.0.0.1', 'private'],
      ['0xc0a80001', 'private'],
    ])('refuses %s (%s)', (address, kind) => {
      expect(refusedAddressKind(address)).toBe(kind);
    });
  });

  describe('IPv6 carrying an IPv4 address', () => {
    it.each([
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['[::ffff:127.0.0.1]', 'loopback'],
      ['::ffff:169.254.169.254', 'cloud metadata'],
      ['::ffff:a9fe:a9fe', 'cloud metadata'],
      ['::127.0.0.1', 'loopback'],
      ['::7f00:1', 'loopback'],
      ['::a00:1', 'private'],
      ['::ffff:0:7f00:1', 'loopback'],
      ['64:ff9b::7f00:1', 'loopback'],
      ['64:ff9b::10.0.0.1', 'private'],
      ['64:ff9b:1::808:808', 'reserved'],
      ['2002:7f00:1::', 'loopback'],
      ['2002:c0a8:101::1', 'private'],
      ['2002:a9fe:a9fe::1', 'cloud metadata'],
    ])('refuses %s (%s)', (address, kind) => {
      expect(refusedAddressKind(address)).toBe(kind);
    });

    it('refuses a Teredo address whose client (stored inverted) is private, and lets a public one through', () => {
      // Server 65.54.227.120, client 192.168.1.1 → ~c0a8:0101 = 3f57:fefe.
      expect(refusedAddressKind('2001:0:4136:e378:8000:63bf:3f57:fefe')).toBe('private');
      // Server 65.54.227.120, client 8.8.8.8 → ~0808:0808 = f7f7:f7f7.
      expect(refusedAddressKind('2001:0:4136:e378:8000:63bf:f7f7:f7f7')).toBeNull();
      // Server 127.0.0.1.
      expect(refusedAddressKind('2001:0:7f00:1:8000:63bf:f7f7:f7f7')).toBe('loopback');
    });
  });

  it('refuses what is not an address', () => {
    expect(refusedAddressKind('example.com')).toBe('not an IP address');
    expect(refusedAddressKind('')).toBe('not an IP address');
    expect(refusedAddressKind('1.2.3.4.5')).toBe('not an IP address');
  });

  it('parses names as null and addresses to their canonical form', () => {
    expect(parseIpAddress('example.com')).toBeNull();
    expect(parseIpAddress('0x7f.1')?.toString()).toBe('127.0.0.1');
    expect(parseIpAddress('[::1]')?.toString()).toBe('::1');
  });
});
