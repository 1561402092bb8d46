import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns } from '../../../tests/support/fuzz.ts';
import { isValidHostName, normalizeCustomDomain, validateCustomDomain } from '../validation/custom-domain.ts';
import { isValidSubdomain } from '../validation/subdomain.ts';
import { customDomainReason } from './custom-domain-rules.ts';
import {
  customDomainUrl,
  deploymentSubdomainOf,
  hostName,
  isKilnAppHost,
  subdomainUrl,
} from './site-hosts.ts';

/**
 * Issue 21 item 5: the host-name parsers of deployed sites and custom domains. Any text a
 * browser, Caddy or a user can put in a Host header or a form never makes them throw; what they
 * format they read back; and nothing they accept lies outside the shape they promise.
 */

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Strings that look like host names, and their broken relatives. */
const hostLike = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.domain(),
  fc.webUrl(),
  fc
    .array(
      fc.oneof(
        fc.constantFrom('', '.', ':', '::', '[', ']', '-', 'xn--', 'xn--a', '0x1', '1', '255', '_'),
        fc.stringMatching(/^[A-Za-z0-9-]{1,8}$/),
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join('.')),
);

const kilnHost = fc.constantFrom('kiln.dev', 'localhost', 'apps.example.co.uk');
const subdomain = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/);

describe('deployment hosts: {subdomain}.{KILN_HOST}', () => {
  it('reads any Host header without throwing, in lower case', () => {
    fc.assert(
      fc.property(fc.option(hostLike, { nil: undefined }), (header) => {
        const host = hostName(header);
        expect(host).toBe(host.toLowerCase());
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('reads a host name back from a header with any port, case or final dot', () => {
    fc.assert(
      fc.property(
        fc.domain(),
        fc.option(fc.integer({ min: 0, max: 65535 }), { nil: null }),
        fc.constantFrom('', '.'),
        (host, port, dot) => {
          const header = `${host.toUpperCase()}${dot}${port === null ? '' : `:${port}`}`;
          expect(hostName(header)).toBe(host);
        },
      ),
      { numRuns: fuzzRuns(200) },
    );
  });

  it('accepts exactly one label under KILN_HOST, and that label names the host back', () => {
    fc.assert(
      fc.property(hostLike, kilnHost, (header, base) => {
        const host = hostName(header);
        const label = deploymentSubdomainOf(host, base);
        if (label === null) return;
        expect(label).not.toBe('');
        expect(label).not.toContain('.');
        expect(`${label}.${base}`).toBe(host);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('reads back the subdomain of every address it formats (any port, any case of the header)', () => {
    fc.assert(
      fc.property(
        subdomain,
        kilnHost,
        fc.constantFrom('http', 'https'),
        fc.option(fc.integer({ min: 1, max: 65535 }), { nil: null }),
        (label, base, scheme, port) => {
          const publicUrl = `${scheme}://${base}${port === null ? '' : `:${port}`}`;
          const url = new URL(subdomainUrl(publicUrl, label));
          expect(deploymentSubdomainOf(hostName(url.host.toUpperCase()), base)).toBe(label);
        },
      ),
      { numRuns: fuzzRuns(200) },
    );
  });

  // Found by the property above (after 15,517 cases): `xn--0a` is no valid punycode, so the
  // deployment's address (`new URL`) threw once the subdomain had been accepted.
  it.each(['xn--0a', 'xn--a', 'xn--zz'])('refuses the subdomain %s', (label) => {
    expect(isValidSubdomain(label)).toBe(false);
  });
});

describe('custom domains', () => {
  it('validates any input without throwing; what it accepts is a normalized host of LDH labels', () => {
    fc.assert(
      fc.property(hostLike, (input) => {
        const checked = validateCustomDomain(input);
        if (!checked.ok) return;
        const domain = checked.value;
        expect(domain.length).toBeLessThanOrEqual(253);
        expect(normalizeCustomDomain(domain)).toBe(domain);
        const labels = domain.split('.');
        expect(labels.length).toBeGreaterThanOrEqual(2);
        for (const label of labels) expect(label).toMatch(LABEL);
        // A browser, Caddy and Node read the name as it is: never another host, never an error.
        expect(new URL(customDomainUrl('https://kiln.dev', domain)).hostname).toBe(domain);
        expect(() => customDomainReason(domain, { host: 'kiln.dev', previewHosts: [] })).not.toThrow();
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('reads back a domain typed in any case, with a scheme, a path or a final dot', () => {
    fc.assert(
      fc.property(
        fc.domain().filter(isValidHostName),
        fc.constantFrom('', 'https://', 'http://'),
        fc.constantFrom('', '/', '/path?q=1', '#x'),
        fc.constantFrom('', '.'),
        (domain, scheme, tail, dot) => {
          const typed = ` ${scheme}${domain.toUpperCase()}${scheme === '' ? dot : ''}${scheme === '' ? '' : tail} `;
          expect(validateCustomDomain(typed)).toEqual({ ok: true, value: domain });
        },
      ),
      { numRuns: fuzzRuns(200) },
    );
  });

  it("never accepts Kiln's own host or a name below it", () => {
    fc.assert(
      fc.property(fc.option(subdomain, { nil: null }), kilnHost, (label, base) => {
        const domain = label === null ? base : `${label}.${base}`;
        expect(customDomainReason(domain, { host: base, previewHosts: [`preview.${base}`] })).not.toBeNull();
      }),
      { numRuns: fuzzRuns(100) },
    );
  });

  // Found by the property above: `xn--a` is no valid punycode; `new URL` refused the domain
  // after it had been accepted (a deployment's address threw), and `1.0x1` is an IPv4 address.
  it.each(['xn--a.com', 'shop.xn--zz', '1.0x1', 'a.0x7f'])('refuses %s', (domain) => {
    expect(validateCustomDomain(domain).ok).toBe(false);
  });

  it('keeps subdomain rules in one place (a valid subdomain is a valid label)', () => {
    fc.assert(
      fc.property(subdomain.filter(isValidSubdomain), (label) => {
        expect(label).toMatch(LABEL);
      }),
      { numRuns: fuzzRuns(100) },
    );
  });

  it("a name anyone could verify as a custom domain is never one where Kiln's app answers (issue 31 item 6)", () => {
    fc.assert(
      fc.property(hostLike, kilnHost, (header, base) => {
        const host = hostName(header);
        const kiln = { host: base, previewHosts: [`preview.${base}`] };
        if (!isValidHostName(host) || customDomainReason(host, kiln) !== null) return;
        expect(isKilnAppHost(host, [base])).toBe(false);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
