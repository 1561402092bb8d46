import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_HEADERS, parseHeadersFile, siteHeadersFor } from './site-headers.ts';

describe("a site's _headers file", () => {
  it("keeps Kiln's framing defaults when the site says nothing", () => {
    expect(siteHeadersFor('/', [])).toEqual(DEFAULT_SITE_HEADERS);
  });

  it('lets the site allow a framer on the paths it names', () => {
    const rules = parseHeadersFile(
      '# embeds\n/embed/*\n  Content-Security-Policy: frame-ancestors https://partner.example\n\n/*\n  X-Robots-Tag: noindex\n',
    );
    const embed = siteHeadersFor('/embed/widget', rules);
    expect(embed['content-security-policy']).toBe('frame-ancestors https://partner.example');
    expect(embed['x-frame-options']).toBeUndefined();
    expect(embed['x-robots-tag']).toBe('noindex');
    const home = siteHeadersFor('/', rules);
    expect(home['x-frame-options']).toBe('SAMEORIGIN');
    expect(home['content-security-policy']).toBe("frame-ancestors 'self'");
  });

  it("keeps frame-ancestors when the site's CSP is about something else", () => {
    const rules = parseHeadersFile("/*\n  Content-Security-Policy: script-src 'self';\n");
    const headers = siteHeadersFor('/a', rules);
    expect(headers['content-security-policy']).toBe("script-src 'self'; frame-ancestors 'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('never lets a site set cookies, body or connection headers, or split a header', () => {
    const rules = parseHeadersFile(
      '/*\n  Set-Cookie: session=x; Domain=kiln.dev\n  Content-Length: 1\n  Content-Encoding: br\n  Bad Name: x\n  X-Ok: yes\n',
    );
    const headers = siteHeadersFor('/', rules);
    expect(headers['set-cookie']).toBeUndefined();
    expect(headers['content-length']).toBeUndefined();
    expect(headers['content-encoding']).toBeUndefined();
    expect(headers['x-ok']).toBe('yes');
    expect(Object.keys(headers)).not.toContain('bad name');
  });

  it('matches :placeholders to one segment and * to anything', () => {
    const rules = parseHeadersFile('/blog/:slug\n  X-A: 1\n/assets/*\n  Cache-Control: public, max-age=60\n');
    expect(siteHeadersFor('/blog/hello', rules)['x-a']).toBe('1');
    expect(siteHeadersFor('/blog/a/b', rules)['x-a']).toBeUndefined();
    expect(siteHeadersFor('/assets/x/y.js', rules)['cache-control']).toBe('public, max-age=60');
  });
});
