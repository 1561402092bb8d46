import type { AccountRole } from './rules.ts';

/** One account on /admin's Users list (GET /api/admin/users). */
export interface AdminUser {
  id: string;
  email: string;
  fullName: string;
  createdAt: string;
  role: AccountRole;
  disabled: boolean;
  plan: 'free' | 'premium';
  /** Where premium comes from: a Stripe subscription or an administrator's grant. */
  planSource: 'stripe' | 'admin' | null;
  /** When an administrator's grant ends (null: until revoked, or not premium). */
  premiumUntil: string | null;
  /** Versions made since the start of this calendar month (UTC), Kiln's repair rounds left out. */
  versionsThisMonth: number;
  chats: number;
}

export interface AdminUserPage {
  users: AdminUser[];
  total: number;
}

/** A row of the audit trail (GET /api/admin/audit). */
export interface AdminAuditEntry {
  id: string;
  createdAt: string;
  via: 'cli' | 'web';
  /** The administrator's email; null for the command line. */
  actor: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
}

/** GET /api/admin/system: the build queue, app servers, deployments and custom domains. */
export interface AdminSystem {
  builds: {
    queued: number;
    running: number;
    failedToday: number;
    jobs: {
      id: string;
      kind: string;
      status: string;
      progress: string | null;
      owner: string | null;
      createdAt: string;
    }[];
  };
  /** App servers this process runs (each web process runs its own). */
  appServers: {
    chatId: string;
    version: number;
    deployed: boolean;
    state: string;
    lastUsed: string;
    restarts: number;
    owner: string | null;
  }[];
  deployments: {
    chatId: string;
    subdomain: string;
    version: number | null;
    owner: string;
    deployedAt: string | null;
  }[];
  domains: {
    domain: string;
    chatId: string;
    owner: string;
    verified: boolean;
    sslStatus: string;
    createdAt: string;
  }[];
}
