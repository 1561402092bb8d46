import { describe, expect, it } from 'vitest';
import { describeAuthError, validateAuthForm } from './auth-errors.ts';

describe('describeAuthError', () => {
  it('puts a wrong password above the form without saying which part was wrong', () => {
    expect(describeAuthError({ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 })).toEqual({
      field: null,
      message: 'Wrong email or password. Check both and try again.',
    });
  });

  it('puts a duplicate email under the email field', () => {
    for (const code of ['USER_ALREADY_EXISTS', 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL']) {
      expect(describeAuthError({ code, status: 422 }).field).toBe('email');
      expect(describeAuthError({ code, status: 422 }).message).toMatch(/already exists/);
    }
  });

  it('puts a weak password under the password field with the 8-character minimum', () => {
    expect(describeAuthError({ code: 'PASSWORD_TOO_SHORT', status: 400 })).toEqual({
      field: 'password',
      message: 'Password must be at least 8 characters.',
    });
  });

  it('explains rate limits and unreachable servers', () => {
    expect(describeAuthError({ status: 429 }).message).toMatch(/Too many attempts/);
    expect(describeAuthError({ status: 502 }).message).toMatch(/could not be reached/);
  });
});

describe('validateAuthForm', () => {
  it('asks for every sign-up field', () => {
    expect(validateAuthForm({ name: ' ', email: '', password: '' }, 'signup')).toEqual({
      name: 'Enter your full name.',
      email: 'Enter your email address.',
      password: 'Enter your password.',
    });
  });

  it('rejects a malformed email and a password under 8 characters on sign-up', () => {
    const errors = validateAuthForm({ name: 'Ada', email: 'ada@', password: 'short77' }, 'signup');
    expect(errors.email).toMatch(/valid email/);
    expect(errors.password).toBe('Password must be at least 8 characters.');
  });

  it('does not enforce the length on sign-in (old passwords still work)', () => {
    expect(validateAuthForm({ email: 'ada@example.com', password: 'short' }, 'signin')).toEqual({});
  });
});
