import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it('takes the first and last word of a name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('  grace  brewster murray hopper ')).toBe('GH');
  });

  it('uses one letter for a one-word name', () => {
    expect(initialsOf('Linus')).toBe('L');
  });

  it('falls back to the email, then to a question mark', () => {
    expect(initialsOf(null, 'margaret@example.com')).toBe('M');
    expect(initialsOf('', null)).toBe('?');
  });
});
