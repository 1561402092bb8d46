import { describe, expect, it } from 'vitest';
import { customDomainReason, domainTakenReason, isIpAddress } from './custom-domain-rules.ts';

const kiln = { host: 'kiln.dev', previewHosts: ['preview.kiln.dev', 'kilnpreview.net'] };

describe('custom domain rules', () => {
  it("refuses Kiln's own host, its subdomains and the preview domain", () => {
    expect(customDomainReason('kiln.dev', kiln)).toMatch(/belongs to this Kiln server/);
    expect(customDomainReason('shop.kiln.dev', kiln)).toMatch(/belongs/);
    expect(customDomainReason('a-1.kilnpreview.net', kiln)).toMatch(/belongs/);
  });

  it('refuses IP addresses', () => {
    expect(isIpAddress('10.0.0.1')).toBe(true);
    expect(isIpAddress('::1')).toBe(true);
    expect(customDomainReason('127.0.0.1', kiln)).toMatch(/IP address/);
  });

  it("accepts other people's domains, including look-alikes of Kiln's", () => {
    expect(customDomainReason('shop.example.com', kiln)).toBeNull();
    expect(customDomainReason('notkiln.dev', kiln)).toBeNull();
  });

  it('a name is held by the project that verified it, and only then', () => {
    expect(domainTakenReason('shop.example.com', 'chat-b', null)).toBeNull();
    expect(domainTakenReason('shop.example.com', 'chat-b', 'chat-b')).toBeNull();
    expect(domainTakenReason('shop.example.com', 'chat-b', 'chat-a')).toBe(
      'shop.example.com is already used by another project.',
    );
    expect(domainTakenReason('shop.example.com', null, 'chat-a')).toMatch(/already used/);
    expect(domainTakenReason('shop.example.com', null, null)).toBeNull();
  });
});
