import { describe, expect, it } from 'vitest';
import { deploymentHost, displayAddress, suggestSubdomain } from './deployment-host.ts';

describe('the .{host} suffix of the subdomain input (spec §2)', () => {
  it("takes the host from the server's subdomain address, port included", () => {
    expect(
      deploymentHost(
        { subdomain: 'shop', subdomainUrl: 'http://shop.kiln.localhost:3311/' },
        { host: 'other:1' },
      ),
    ).toBe('kiln.localhost:3311');
  });

  it("uses the page's host before the first deployment", () => {
    expect(deploymentHost({ subdomain: null, subdomainUrl: null }, { host: 'localhost:3311' })).toBe(
      'localhost:3311',
    );
    expect(deploymentHost(undefined, { host: 'kiln.dev' })).toBe('kiln.dev');
  });
});

describe('addresses and the first subdomain', () => {
  it('shows an address without its scheme and trailing slash', () => {
    expect(displayAddress('https://shop.example.com/')).toBe('shop.example.com');
  });

  it("suggests the title's first words and the slug's suffix", () => {
    expect(suggestSubdomain('a-pricing-table-with-three-plans-2nlpss', 'Pricing Table')).toBe(
      'pricing-table-2nlpss',
    );
    expect(suggestSubdomain('x-ab12cd', 'Café & Bar: the Menu Board 2')).toBe('caf-bar-the-menu-ab12cd');
  });

  it('else suggests the slug, kept within the subdomain rule (3–63 characters, no edge hyphens)', () => {
    expect(suggestSubdomain('a-navbar-otq9id')).toBe('a-navbar-otq9id');
    expect(suggestSubdomain('Pricing_Table--x9', '')).toBe('pricing-table-x9');
    expect(suggestSubdomain(`-${'a'.repeat(70)}`)).toBe('a'.repeat(62));
  });
});
