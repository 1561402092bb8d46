import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  adminActionName,
  refuseAdminChange,
  type AdminActor,
  type AdminAuditEntry,
  type AdminChange,
  type AdminSystem,
  type AdminUser,
  type AdminUserPage,
  type AccountRole,
} from '../../core/admin/index.ts';
import type { AppRouting } from '../app-servers/app-routing.ts';
import { findActiveSubscription } from '../billing/active-subscription.ts';
import { PLANS_CHANNEL } from '../billing/plan-changes.ts';
import { grantPremium, revokePremium } from '../billing/subscriptions.ts';
import type { Database } from '../db/client.ts';
import { adminActions, chats, customDomains, jobs, messages, sessions, users } from '../db/schema/index.ts';
import { COUNTS_AGAINST_QUOTA } from '../generation/quota.ts';
import { ServiceError } from '../http/errors.ts';
import type { Realtime } from '../realtime/events.ts';

/**
 * The administrators' work (issue 35 item 9): the same functions behind /admin and the CLI, so
 * both keep the same rules (core/admin/rules.ts) and write the same audit trail.
 */
export interface AdminDeps {
  db: Database;
  realtime: Realtime;
  /** Drops the user's cached sessions in every process (auth/session-changes.ts). */
  announceSessions(userId: string): void;
  /** This process's app servers; absent for the CLI, which runs none. */
  apps?: Pick<AppRouting, 'running'>;
}

/** Where a change comes from: an administrator on /admin, or the machine's operator on the CLI. */
export type AdminCaller = AdminActor & { via: 'web' | 'cli' };

export const USERS_PAGE_SIZE = 50;

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export function createAdminService(deps: AdminDeps) {
  const { db } = deps;

  /** The accounts' list rows: plan, this month's versions and chats read in one query each. */
  async function describeUsers(
    rows: {
      id: string;
      email: string;
      fullName: string;
      createdAt: Date;
      role: string;
      disabledAt: Date | null;
    }[],
    now: Date,
  ): Promise<AdminUser[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const [versions, chatCounts, plans] = await Promise.all([
      db
        .select({ userId: messages.userId, total: count() })
        .from(messages)
        .where(
          and(
            inArray(messages.userId, ids),
            eq(messages.role, 'user'),
            gte(messages.createdAt, monthStart(now)),
            COUNTS_AGAINST_QUOTA,
          ),
        )
        .groupBy(messages.userId),
      db
        .select({ userId: chats.userId, total: count() })
        .from(chats)
        .where(inArray(chats.userId, ids))
        .groupBy(chats.userId),
      Promise.all(ids.map(async (id) => [id, await findActiveSubscription(db, id, now)] as const)),
    ]);
    const versionsOf = new Map(versions.map((row) => [row.userId, row.total]));
    const chatsOf = new Map(chatCounts.map((row) => [row.userId, row.total]));
    const planOf = new Map(plans);
    return rows.map((row) => {
      const subscription = planOf.get(row.id) ?? null;
      return {
        id: row.id,
        email: row.email,
        fullName: row.fullName,
        createdAt: row.createdAt.toISOString(),
        role: row.role === 'admin' ? 'admin' : 'user',
        disabled: row.disabledAt !== null,
        plan: subscription ? 'premium' : 'free',
        planSource: subscription?.source ?? null,
        premiumUntil:
          subscription?.source === 'admin' ? (subscription.currentPeriodEnd?.toISOString() ?? null) : null,
        versionsThisMonth: versionsOf.get(row.id) ?? 0,
        chats: chatsOf.get(row.id) ?? 0,
      };
    });
  }

  const userColumns = {
    id: users.id,
    email: users.email,
    fullName: users.fullName,
    createdAt: users.createdAt,
    role: users.role,
    disabledAt: users.disabledAt,
  };

  async function findUser(id: string): Promise<AdminUser> {
    const rows = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
    const [user] = await describeUsers(rows, new Date());
    if (!user) throw new ServiceError(404, 'not-found', 'No account with this id.');
    return user;
  }

  async function activeAdmins(): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)));
    return row?.total ?? 0;
  }

  async function record(
    caller: AdminCaller,
    action: string,
    targetUserId: string | null,
    detail: Record<string, unknown>,
  ) {
    await db.insert(adminActions).values({
      id: crypto.randomUUID(),
      actorId: caller.userId,
      via: caller.via,
      action,
      targetUserId,
      detail,
    });
  }

  return {
    /** Accounts, newest first; `query` matches the email or the name. */
    async listUsers(options: { query?: string; offset?: number } = {}): Promise<AdminUserPage> {
      const query = options.query?.trim();
      const where = query
        ? or(ilike(users.email, `%${escapeLike(query)}%`), ilike(users.fullName, `%${escapeLike(query)}%`))
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select(userColumns)
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), users.id)
          .limit(USERS_PAGE_SIZE)
          .offset(Math.max(0, options.offset ?? 0)),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return { users: await describeUsers(rows, new Date()), total: total?.total ?? 0 };
    },

    findUser,

    /** The account with this email (the CLI names accounts by email). */
    async findUserByEmail(email: string): Promise<AdminUser | null> {
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()))
        .limit(1);
      const [user] = await describeUsers(rows, new Date());
      return user ?? null;
    },

    /** Makes one change under the rules, records it, and tells every process. */
    async change(caller: AdminCaller, userId: string, change: AdminChange): Promise<AdminUser> {
      const target = await findUser(userId);
      const refusal = refuseAdminChange(caller, target, change, await activeAdmins());
      if (refusal) throw new ServiceError(409, 'admin-change-refused', refusal);
      const detail: Record<string, unknown> = { email: target.email };
      switch (change.kind) {
        case 'plan': {
          if (change.plan === 'premium') {
            const granted = await grantPremium(db, userId, { days: change.days });
            detail.until = granted.currentPeriodEnd?.toISOString() ?? null;
          } else {
            detail.ended = await revokePremium(db, userId);
          }
          // Running web processes drop their cached plan of the user now.
          deps.realtime.publish({ type: 'plan-changed', chatId: PLANS_CHANNEL, userId });
          break;
        }
        case 'role':
          await db
            .update(users)
            .set({ role: change.role, updatedAt: new Date() })
            .where(eq(users.id, userId));
          deps.announceSessions(userId);
          break;
        case 'disabled':
          await db
            .update(users)
            .set({ disabledAt: change.disabled ? new Date() : null, updatedAt: new Date() })
            .where(eq(users.id, userId));
          // A disabled account's sessions end now, in every process.
          if (change.disabled) await db.delete(sessions).where(eq(sessions.userId, userId));
          deps.announceSessions(userId);
          break;
      }
      await record(caller, adminActionName(change), userId, detail);
      return findUser(userId);
    },

    /** Records a change the CLI made through another service (accounts, extra versions). */
    record,

    async audit(limit = 100): Promise<AdminAuditEntry[]> {
      const rows = await db
        .select({
          id: adminActions.id,
          createdAt: adminActions.createdAt,
          via: adminActions.via,
          actor: sql<string | null>`(select u.email from users u where u.id = admin_actions.actor_id)`,
          action: adminActions.action,
          target: sql<string | null>`(select u.email from users u where u.id = admin_actions.target_user_id)`,
          detail: adminActions.detail,
        })
        .from(adminActions)
        .orderBy(desc(adminActions.createdAt), desc(adminActions.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        via: row.via === 'cli' ? 'cli' : 'web',
        actor: row.actor,
        action: row.action,
        target: row.target ?? (typeof row.detail.email === 'string' ? row.detail.email : null),
        detail: row.detail,
      }));
    },

    /** The build queue, this process's app servers, deployments and custom domains. */
    async system(now = new Date()): Promise<AdminSystem> {
      // Written out: drizzle leaves a one-table select's columns unqualified, which makes a
      // subquery's join ambiguous.
      const owner = sql<
        string | null
      >`(select u.email from users u join chats c on c.user_id = u.id where c.id = jobs.payload->>'chatId')`;
      const dayAgo = new Date(now.getTime() - 86_400_000);
      const [queue, failed, active, deployed, domains] = await Promise.all([
        db
          .select({ status: jobs.status, total: count() })
          .from(jobs)
          .where(inArray(jobs.status, ['queued', 'running']))
          .groupBy(jobs.status),
        db
          .select({ total: count() })
          .from(jobs)
          .where(and(eq(jobs.status, 'failed'), gte(jobs.updatedAt, dayAgo))),
        db
          .select({
            id: jobs.id,
            kind: jobs.kind,
            status: jobs.status,
            progress: jobs.progress,
            owner,
            createdAt: jobs.createdAt,
          })
          .from(jobs)
          .where(inArray(jobs.status, ['queued', 'running']))
          .orderBy(jobs.createdAt)
          .limit(100),
        db
          .select({
            chatId: chats.id,
            subdomain: chats.deploySubdomain,
            version: chats.deployedVersion,
            owner: users.email,
            deployedAt: chats.deployedAt,
          })
          .from(chats)
          .innerJoin(users, eq(users.id, chats.userId))
          .where(and(eq(chats.isDeployed, true), isNotNull(chats.deploySubdomain)))
          .orderBy(desc(chats.deployedAt))
          .limit(200),
        db
          .select({
            domain: customDomains.domain,
            chatId: customDomains.chatId,
            owner: users.email,
            verified: customDomains.isVerified,
            sslStatus: customDomains.sslStatus,
            createdAt: customDomains.createdAt,
          })
          .from(customDomains)
          .innerJoin(chats, eq(chats.id, customDomains.chatId))
          .innerJoin(users, eq(users.id, chats.userId))
          .orderBy(desc(customDomains.createdAt))
          .limit(200),
      ]);
      const running = deps.apps?.running() ?? [];
      const ownersOf = new Map<string, string>();
      if (running.length > 0) {
        const rows = await db
          .select({ id: chats.id, email: users.email })
          .from(chats)
          .innerJoin(users, eq(users.id, chats.userId))
          .where(inArray(chats.id, [...new Set(running.map((server) => server.meta.chatId))]));
        for (const row of rows) ownersOf.set(row.id, row.email);
      }
      const countOf = (status: string) => queue.find((row) => row.status === status)?.total ?? 0;
      return {
        builds: {
          queued: countOf('queued'),
          running: countOf('running'),
          failedToday: failed[0]?.total ?? 0,
          jobs: active.map((job) => ({ ...job, createdAt: job.createdAt.toISOString() })),
        },
        appServers: running.map((server) => ({
          chatId: server.meta.chatId,
          version: server.meta.version,
          deployed: server.meta.deployed,
          state: server.state,
          lastUsed: server.lastUsed.toISOString(),
          restarts: server.restarts,
          owner: ownersOf.get(server.meta.chatId) ?? null,
        })),
        deployments: deployed.map((row) => ({
          chatId: row.chatId,
          subdomain: row.subdomain!,
          version: row.version,
          owner: row.owner,
          deployedAt: row.deployedAt?.toISOString() ?? null,
        })),
        domains: domains.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

/** Whether the account is an administrator who can sign in (the /admin routes' check). */
export async function isActiveAdmin(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'admin' satisfies AccountRole), isNull(users.disabledAt)))
    .limit(1);
  return row !== undefined;
}
