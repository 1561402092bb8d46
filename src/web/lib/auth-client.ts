import { createAuthClient } from 'better-auth/react';

/**
 * Better Auth lives on the same origin at /api/auth, so the client needs no base URL and the
 * session cookie stays host-only.
 */
export const authClient = createAuthClient();
