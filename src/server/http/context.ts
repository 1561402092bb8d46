import type { Config } from '../config.ts';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/client.ts';
import type { Plan } from '../../core/plans/index.ts';

/** What every route may use: built once by the composition root (main.ts). */
export interface Services {
  config: Config;
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  auth: Auth;
  version: string;
  /** Folder of the built web app (dist/web). */
  webRoot: string;
}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
}

/** The person behind a request, resolved once per request by the session middleware. */
export interface RequestViewer {
  user: SessionUser | null;
  plan: Plan;
  isPremium: boolean;
}

export type AppEnv = { Variables: { viewer: RequestViewer } };
