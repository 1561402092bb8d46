import { describe, expect, it } from 'vitest';
import { isValidHostName, normalizeCustomDomain, validateCustomDomain } from './custom-domain.ts';

describe("Spec §5 custom domain: 'Lowercased; must not be empty: 'Domain required' / 'Please enter a domain name''", () => {
  it('lowercases and trims (and drops a pasted scheme or path)', () => {
    expect(validateCustomDomain('  App.Example.COM ')).toEqual({ ok: true, value: 'app.example.com' });
    expect(normalizeCustomDomain('https://Shop.Example.com/path?q=1')).toBe('shop.example.com');
  });

  it('rejects empty input', () => {
    expect(validateCustomDomain('   ')).toEqual({
      ok: false,
      error: { code: 'domain-required', title: 'Domain required', message: 'Please enter a domain name' },
    });
  });
});

describe("Custom domain must be a syntactically valid host name, else 'Domain unavailable' – 'This domain cannot be used'", () => {
  it.each(['example.com', 'a.b.c.example.co.uk', 'xn--bcher-kva.example', `${'a'.repeat(63)}.com`])(
    'accepts %s',
    (host) => expect(isValidHostName(host)).toBe(true),
  );
  it.each([
    'localhost',
    'exa mple.com',
    '-a.com',
    'a-.com',
    'a..com',
    '1.2.3.4',
    `${'a'.repeat(64)}.com`,
    'under_score.com',
  ])('rejects %s', (host) => expect(isValidHostName(host)).toBe(false));

  it('uses the spec message', () => {
    expect(validateCustomDomain('not a domain')).toEqual({
      ok: false,
      error: {
        code: 'domain-unavailable',
        title: 'Domain unavailable',
        message: 'This domain cannot be used',
      },
    });
  });
});
