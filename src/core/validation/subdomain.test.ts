import { describe, expect, it } from 'vitest';
import {
  isValidSubdomain,
  normalizeSubdomainInput,
  validateDeploySelection,
  validateDeploymentUpdate,
  validateSubdomain,
} from './subdomain.ts';

describe("Spec §5 subdomain: '3–63 characters; lowercase letters, digits and hyphens; must start and end with a letter or digit'", () => {
  it('accepts 3 and 63 characters, rejects 2 and 64', () => {
    expect(isValidSubdomain('abc')).toBe(true);
    expect(isValidSubdomain('a'.repeat(63))).toBe(true);
    expect(isValidSubdomain('ab')).toBe(false);
    expect(isValidSubdomain('a'.repeat(64))).toBe(false);
  });

  it.each(['my-app', 'a1b', '123'])('accepts %s', (name) => expect(isValidSubdomain(name)).toBe(true));
  it.each(['-app', 'app-', 'My-app', 'my_app', 'my.app', 'a b'])('rejects %s', (name) =>
    expect(isValidSubdomain(name)).toBe(false),
  );

  it("'Input is lowercased and other characters are stripped'", () => {
    expect(normalizeSubdomainInput('My App_2!')).toBe('myapp2');
    expect(normalizeSubdomainInput('Über-Shop')).toBe('ber-shop');
  });
});

describe('Spec §5 subdomain messages', () => {
  it("on Check: 'Invalid subdomain' – the rule", () => {
    expect(validateSubdomain('-x')).toEqual({
      ok: false,
      error: {
        code: 'invalid-subdomain',
        title: 'Invalid subdomain',
        message:
          'Subdomain must be 3-63 characters, contain only lowercase letters, numbers, and hyphens, and start/end with a letter or number.',
      },
    });
  });

  it("before deploying: 'Please enter a valid subdomain before deploying.'; on update: 'Please enter a valid subdomain.'", () => {
    expect(validateSubdomain('x', 'deploy')).toMatchObject({
      error: { message: 'Please enter a valid subdomain before deploying.' },
    });
    expect(validateSubdomain('x', 'update')).toMatchObject({
      error: { message: 'Please enter a valid subdomain.' },
    });
  });

  it("'No version selected' – 'Please select a version to deploy.'", () => {
    expect(validateDeploySelection(null)).toEqual({
      ok: false,
      error: {
        code: 'no-version-selected',
        title: 'No version selected',
        message: 'Please select a version to deploy.',
      },
    });
    expect(validateDeploySelection(3)).toEqual({ ok: true, value: 3 });
  });

  it("'No changes' – 'No changes detected.' when neither subdomain nor version changed", () => {
    const current = { subdomain: 'shop', version: 2 };
    expect(validateDeploymentUpdate(current, { subdomain: 'shop', version: 2 })).toEqual({
      ok: false,
      error: { code: 'no-changes', title: 'No changes', message: 'No changes detected.' },
    });
    expect(validateDeploymentUpdate(current, { subdomain: 'shop', version: 3 }).ok).toBe(true);
    expect(validateDeploymentUpdate(current, { subdomain: 'x', version: 2 })).toMatchObject({
      error: { message: 'Please enter a valid subdomain.' },
    });
  });
});
