import { describe, expect, it } from 'vitest';
import { isValidSubdomain } from '../validation/subdomain.ts';
import { isReservedLdhLabel, reservedSubdomainReason } from './reserved-subdomains.ts';

describe('reserved subdomains', () => {
  it("keeps Kiln's own names and trusted names from deployments", () => {
    for (const name of ['www', 'api', 'app', 'admin', 'preview', 'webcontainer', 'mail', 'static']) {
      expect(reservedSubdomainReason(name)).toBe(`'${name}' is reserved.`);
    }
  });

  it('reserves the first label of a preview host under KILN_HOST', () => {
    expect(reservedSubdomainReason('sandbox-host')).toBeNull();
    expect(reservedSubdomainReason('sandbox-host', ['sandbox-host'])).toMatch(/reserved/);
  });

  it('reserves the names clients and mail providers look up by themselves (issue 31 item 6)', () => {
    for (const name of [
      'wpad',
      'isatap',
      'mta-sts',
      'autoconfig',
      'autodiscover',
      'openpgpkey',
      'lyncdiscover',
      'enterpriseregistration',
      'enterpriseenrollment',
    ]) {
      // Well-formed, so it is the reservation that refuses it.
      expect(isValidSubdomain(name), name).toBe(true);
      expect(reservedSubdomainReason(name)).toBe(`'${name}' is reserved.`);
    }
  });

  it('refuses punycode labels (look-alikes shown as Unicode) and the rest of the reserved ??-- form', () => {
    // 'аpple' with a Cyrillic 'а': valid punycode, so only the reservation stands in its way.
    expect(isValidSubdomain('xn--pple-43d')).toBe(true);
    expect(reservedSubdomainReason('xn--pple-43d')).toBe(`'xn--pple-43d' is reserved.`);
    // Let's Encrypt refuses these too: such a subdomain would never get its certificate.
    for (const label of ['xn--pple-43d', 'xn--abc', 'ab--cd', 'my--shop']) {
      expect(isReservedLdhLabel(label), label).toBe(true);
    }
    for (const label of ['my-shop', 'a-b--c', 'abc--d', 'xn-shop', 'x--']) {
      expect(isReservedLdhLabel(label), label).toBe(false);
    }
    expect(reservedSubdomainReason('my--shop')).toBe(`'my--shop' is reserved.`);
    expect(reservedSubdomainReason('shop--my')).toBeNull();
  });
});
