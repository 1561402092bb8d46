import { authClient } from '../lib/auth-client.ts';

/** The signed-in person as the web app uses it (Better Auth's session user, narrowed). */
export interface SessionUser {
  id: string;
  /** The profile's full name. */
  name: string;
  email: string;
  /** Avatar URL. */
  image: string | null;
  createdAt: Date;
}

export interface SessionState {
  user: SessionUser | null;
  /** True until the first answer from /api/auth/get-session. */
  isPending: boolean;
}

export function useSession(): SessionState {
  const { data, isPending } = authClient.useSession();
  const user = data?.user;
  return {
    isPending,
    user: user
      ? {
          id: user.id,
          name: user.name,
          email: user.email,
          image: user.image ?? null,
          createdAt: new Date(user.createdAt),
        }
      : null,
  };
}
