import { describe, expect, it } from 'vitest';
import { customDomainUrl, deploymentSubdomainOf, hostName, subdomainUrl } from './site-hosts.ts';

describe('site hosts', () => {
  it('reads a Host header without its port', () => {
    expect(hostName('Shop.Localhost:3000')).toBe('shop.localhost');
    expect(hostName('[::1]:3000')).toBe('[::1]');
    expect(hostName(undefined)).toBe('');
  });

  it('finds a deployment subdomain exactly one label under KILN_HOST', () => {
    expect(deploymentSubdomainOf('shop.kiln.dev', 'kiln.dev')).toBe('shop');
    expect(deploymentSubdomainOf('a-1.preview.kiln.dev', 'kiln.dev')).toBeNull();
    expect(deploymentSubdomainOf('kiln.dev', 'kiln.dev')).toBeNull();
    expect(deploymentSubdomainOf('shopkiln.dev', 'kiln.dev')).toBeNull();
  });

  it("builds the live addresses in the app's scheme and port", () => {
    expect(subdomainUrl('http://localhost:3000', 'shop')).toBe('http://shop.localhost:3000/');
    expect(subdomainUrl('https://kiln.dev', 'shop')).toBe('https://shop.kiln.dev/');
    expect(customDomainUrl('https://kiln.dev', 'shop.example.com')).toBe('https://shop.example.com/');
    expect(customDomainUrl('http://localhost:3000', 'shop.test')).toBe('http://shop.test:3000/');
  });
});
