import os from 'node:os';
import { and, count, eq, gte, inArray, lt, sql, type AnyColumn } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { messages, runningGenerations } from '../db/schema/index.ts';

/** A claim not renewed for this long belongs to a process that died. */
export const GENERATION_LEASE_MS = 30_000;
/** How often a process renews the claims of the generations it streams. */
export const HEARTBEAT_MS = 5_000;

/** This process, as operators see it in `running_generations.process`. */
const PROCESS = `${os.hostname()}:${process.pid}`;

/** The database's clock, not this machine's: processes on other machines agree on it. */
const leaseStart = () => sql`now() - (${GENERATION_LEASE_MS} * interval '1 millisecond')`;

/** A `running_generations` row whose lease has not run out (its process streams). */
export const isLiveClaim = () => gte(runningGenerations.heartbeatAt, leaseStart());

/** The live claim of a message (`not exists` of it: a streaming message whose process died). */
export function liveClaimOf(db: Database, messageId: AnyColumn) {
  return db
    .select({ one: sql`1` })
    .from(runningGenerations)
    .where(
      and(eq(runningGenerations.messageId, messageId), gte(runningGenerations.heartbeatAt, leaseStart())),
    );
}

export interface ChatClaim {
  chatId: string;
  messageId: string;
  userId: string;
  version: number;
}

export type ClaimOutcome = { ok: true } | { ok: false; version: number };

/**
 * One generation per chat across every process (issue 20 item 2): a row in `running_generations`
 * is the chat's slot. The process that streams renews it; a row whose lease ran out is taken over
 * by the next start, after `onAbandoned` ended the version it was streaming.
 */
export class GenerationClaims {
  constructor(
    private readonly db: Database,
    private readonly onAbandoned: (messageId: string) => Promise<void>,
  ) {}

  /**
   * Takes the chat's slot and stores the version's messages in one statement (one round trip,
   * issue 34 item 3): both or neither. False when the slot is taken (another generation, or an
   * abandoned claim to take over: `claim()` tells them apart) or a message's unique index refused
   * the version (another writer stored it first); the caller then goes step by step.
   */
  async claimWithMessages(claim: ChatClaim, rows: (typeof messages.$inferInsert)[]): Promise<boolean> {
    const stored = this.db
      .$with('stored')
      .as(this.db.insert(messages).values(rows).returning({ id: messages.id }));
    try {
      // No `on conflict`: a taken slot fails the statement, so the messages are not stored either.
      await this.db
        .with(stored)
        .insert(runningGenerations)
        .values({ ...claim, process: PROCESS });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Takes the chat's slot, or says which version holds it. */
  async claim(claim: ChatClaim): Promise<ClaimOutcome> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await this.db
        .insert(runningGenerations)
        .values({ ...claim, process: PROCESS })
        .onConflictDoNothing()
        .returning({ chatId: runningGenerations.chatId });
      if (inserted.length > 0) return { ok: true };
      const [held] = await this.db
        .select({
          messageId: runningGenerations.messageId,
          version: runningGenerations.version,
          isLive: sql<boolean>`${runningGenerations.heartbeatAt} >= ${leaseStart()}`,
        })
        .from(runningGenerations)
        .where(eq(runningGenerations.chatId, claim.chatId));
      if (!held) continue; // released meanwhile: try again
      if (held.isLive) return { ok: false, version: held.version };
      // Only the abandoned row itself: a process that took it over meanwhile keeps it.
      const abandoned = await this.db
        .delete(runningGenerations)
        .where(
          and(
            eq(runningGenerations.chatId, claim.chatId),
            eq(runningGenerations.messageId, held.messageId),
            lt(runningGenerations.heartbeatAt, leaseStart()),
          ),
        )
        .returning({ messageId: runningGenerations.messageId });
      if (abandoned.length > 0) await this.onAbandoned(held.messageId);
    }
    const holder = await this.current(claim.chatId);
    return { ok: false, version: holder?.version ?? claim.version };
  }

  /** The chat's live claim, if any (a generation streams in some process). */
  async current(chatId: string): Promise<{ messageId: string; version: number; userId: string } | null> {
    const [row] = await this.db
      .select({
        messageId: runningGenerations.messageId,
        version: runningGenerations.version,
        userId: runningGenerations.userId,
      })
      .from(runningGenerations)
      .where(and(eq(runningGenerations.chatId, chatId), gte(runningGenerations.heartbeatAt, leaseStart())));
    return row ?? null;
  }

  /** Generations the user runs now, in every process (the `generation-running` cap). */
  async runningOf(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(runningGenerations)
      .where(and(eq(runningGenerations.userId, userId), gte(runningGenerations.heartbeatAt, leaseStart())));
    return Number(row?.value ?? 0);
  }

  /** Renews the claims of the generations this process streams. */
  async renew(messageIds: readonly string[]): Promise<void> {
    if (messageIds.length === 0) return;
    await this.db
      .update(runningGenerations)
      .set({ heartbeatAt: sql`now()` })
      .where(inArray(runningGenerations.messageId, [...messageIds]));
  }

  async release(chatId: string, messageId: string): Promise<void> {
    await this.db
      .delete(runningGenerations)
      .where(and(eq(runningGenerations.chatId, chatId), eq(runningGenerations.messageId, messageId)));
  }
}

/** The embedded database has one process: at its start, every claim is a dead process's. */
export async function forgetAllClaims(db: Database): Promise<void> {
  await db.delete(runningGenerations);
}
