import { describe, expect, it } from 'vitest';
import {
  customDomainUrl,
  deploymentSubdomainOf,
  hostName,
  isKilnAppHost,
  subdomainUrl,
} from './site-hosts.ts';

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

  it("the app answers only Kiln's own names and names nobody else can own (issue 31 item 6)", () => {
    const own = ['kiln.dev', 'app.kiln-public.example'];
    for (const header of [
      'kiln.dev',
      'Kiln.Dev:443',
      'app.kiln-public.example',
      'localhost:3000',
      '127.0.0.1:3199',
      '127.8.9.10',
      '[::1]:3000',
      '10.0.0.5:3000',
      'web-1:3000',
      undefined,
    ]) {
      expect(isKilnAppHost(hostName(header), own), String(header)).toBe(true);
    }
    for (const header of [
      'shop.example.com',
      'kiln.dev.evil.example',
      'a.b.kiln.dev',
      'preview.kiln.dev',
      'x.localhost',
      'kiln-public.example',
    ]) {
      expect(isKilnAppHost(hostName(header), own), header).toBe(false);
    }
  });
});
