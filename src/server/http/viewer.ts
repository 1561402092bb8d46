import type { Plan } from '../../core/plans/index.ts';

/** Who is signed in: the part of Better Auth's user every capability reads. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  /** Has the admin role (as of the session's last read, a few seconds at most: routes under /api/admin check it afresh). */
  isAdmin?: boolean;
}

/** The person behind a request, resolved once per request by the session middleware. */
export interface RequestViewer {
  user: SessionUser | null;
  plan: Plan;
  isPremium: boolean;
  /** Start of the paid quota window (null on the free plan). */
  periodStart: Date | null;
}

/** The Hono environment of every API route: the viewer set by auth/session.ts. */
export type AppEnv = { Variables: { viewer: RequestViewer } };
