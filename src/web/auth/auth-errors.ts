export type AuthField = 'name' | 'email' | 'password';

export interface AuthFailure {
  /** The field the message belongs under, or null for a message above the form. */
  field: AuthField | null;
  message: string;
}

/** What the Better Auth client returns in `error` (all parts optional in practice). */
export interface AuthClientError {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
  statusText?: string | undefined;
}

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Turns a Better Auth error into a clear sentence, placed under the field it concerns. */
export function describeAuthError(error: AuthClientError): AuthFailure {
  switch (error.code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'INVALID_PASSWORD':
    case 'USER_NOT_FOUND':
      return { field: null, message: 'Wrong email or password. Check both and try again.' };
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return { field: 'email', message: 'An account with this email already exists. Sign in instead.' };
    case 'PASSWORD_TOO_SHORT':
      return { field: 'password', message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.` };
    case 'PASSWORD_TOO_LONG':
      return { field: 'password', message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.` };
    case 'INVALID_EMAIL':
      return { field: 'email', message: 'Enter a valid email address, like ada@example.com.' };
    case 'EMAIL_NOT_VERIFIED':
      return { field: null, message: 'Verify your email address first: check your inbox for the link.' };
  }
  if (error.status === 429) {
    return { field: null, message: 'Too many attempts. Wait a minute and try again.' };
  }
  if (error.status === undefined || error.status === 0 || error.status >= 500) {
    return { field: null, message: 'Kiln could not be reached. Check your connection and try again.' };
  }
  return { field: null, message: error.message || error.statusText || 'Something went wrong. Try again.' };
}

export type FieldErrors = Partial<Record<AuthField, string>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side checks, the same rules the server applies, so most mistakes never round-trip. */
export function validateAuthForm(
  values: { name?: string; email: string; password: string },
  mode: 'signin' | 'signup',
): FieldErrors {
  const errors: FieldErrors = {};
  if (mode === 'signup' && !values.name?.trim()) errors.name = 'Enter your full name.';
  const email = values.email.trim();
  if (!email) errors.email = 'Enter your email address.';
  else if (!emailPattern.test(email)) errors.email = 'Enter a valid email address, like ada@example.com.';
  if (!values.password) errors.password = 'Enter your password.';
  else if (mode === 'signup' && values.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
  } else if (mode === 'signup' && values.password.length > MAX_PASSWORD_LENGTH) {
    errors.password = `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
  }
  return errors;
}
