/**
 * The page to open after signing in, from a `next` query parameter. Only same-site paths are
 * accepted ('/users/1', not 'https://evil.example' or '//evil.example'), so the parameter
 * cannot be used to send people elsewhere.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/login' || next.startsWith('/login?') || next === '/signup' || next.startsWith('/signup?')) {
    return '/';
  }
  return next;
}
