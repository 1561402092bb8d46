import type { Framework } from '../lib/frameworks.ts';

/** GET /api/users/:id */
export interface PublicProfile {
  user: { id: string; fullName: string | null; avatarUrl: string | null; createdAt: string };
  components: PublicComponentSummary[];
}

export interface PublicComponentSummary {
  id: string;
  slug: string;
  title: string | null;
  framework: Framework;
  createdAt: string;
  /** The latest version's screenshot, when one was taken (the card image). */
  screenshot?: string | null;
}
