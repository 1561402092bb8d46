import { describe, expect, it } from 'vitest';
import { signInAccountOf } from './account.ts';

describe('the account a sign-in asks for', () => {
  it('is the e-mail address in one spelling', () => {
    expect(signInAccountOf({ email: 'Ada@Example.COM', password: 'x' })).toBe('ada@example.com');
    expect(signInAccountOf({ email: '  ada@example.com\t' })).toBe('ada@example.com');
    expect(signInAccountOf({ email: 'ADA@EXAMPLE.COM' })).toBe(signInAccountOf({ email: 'ada@example.com' }));
  });

  it('is nothing without an address to count (Better Auth refuses those before any password)', () => {
    for (const body of [
      null,
      'ada@example.com',
      [],
      {},
      { email: 42 },
      { email: ['a@b.c'] },
      { email: '  ' },
    ]) {
      expect(signInAccountOf(body)).toBeNull();
    }
  });
});
