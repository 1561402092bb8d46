import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import {
  chatIntegrations,
  chats,
  messages,
  runningGenerations,
  users,
  versionCredits,
} from '../db/schema/index.ts';
import { budgetMonth } from '../../core/costs/index.ts';
import { monthCostOf } from '../costs/spending.ts';
import { isLiveClaim } from './claims.ts';
import { COUNTS_AGAINST_QUOTA } from './quota.ts';

/** The chat's fields a start needs: the permission policy's, and the framework. */
export interface StartChat {
  id: string;
  userId: string;
  isPrivate: boolean;
  framework: string;
}

/** The base version's fields a start needs (the snapshot, and the text to continue). */
export interface StartBase {
  version: number;
  /** Only read to continue a cut-off answer ('' otherwise). */
  content: string;
  artifactCode: string | null;
  finishReason: string | null;
}

export interface StartState {
  chat: StartChat;
  /** The viewed version's answer (`selectedVersion`), else the latest one; null before any. */
  base: StartBase | null;
  /** Answers the chat has (versions per component) and its highest version number. */
  versions: number;
  highest: number;
  /** Messages the user created since `windowStart` (the quota window). */
  used: number;
  /** Extra versions the user bought (spent past the plan's limit). */
  credits: number;
  /** The version a live claim of the chat holds (a generation streaming in some process), or null. */
  claimedVersion: number | null;
  /** The user's live claims in every process (the `generation-running` cap). */
  runningOfUser: number;
  /** The user's dollars this budget month, when asked (`budgetMonth`); else null. */
  spentUsd: number | null;
  /** Whether the chat has integrations enabled (only then is their guidance read). */
  hasIntegrations: boolean;
  /** The user's default instructions when the base has no snapshot (a first version's KILN.md). */
  defaultInstructions: string;
}

/** What a start's read varies by: each variant is one prepared statement. */
interface StartVariant {
  /** The base is the version asked for (`selectedVersion`), else the latest. */
  isSelected: boolean;
  /** Whether the base answer's text is read (to continue it); it can be large. */
  withContent: boolean;
  /** Whether the month's spending is read (the plan has a budget). */
  withSpending: boolean;
}

const chatId = sql.placeholder('chatId');
const userId = sql.placeholder('userId');

function prepareStartState(db: Database, variant: StartVariant) {
  const ofChat = (column: AnyPgColumn) => sql`${column} = ${chats.id}`;
  const baseVersion = variant.isSelected
    ? eq(messages.version, sql.placeholder('selectedVersion'))
    : undefined;
  // The base answer, joined laterally: one index probe, its large text only when continuing.
  const base = db
    .select({
      version: sql<number>`${messages.version}`.as('base_version'),
      artifactCode: sql<string | null>`${messages.artifactCode}`.as('base_artifact_code'),
      finishReason: sql<string | null>`${messages.finishReason}`.as('base_finish_reason'),
      content: (variant.withContent ? sql<string>`${messages.content}` : sql<string>`''`).as('base_content'),
    })
    .from(messages)
    .where(and(ofChat(messages.chatId), eq(messages.role, 'assistant'), baseVersion))
    .orderBy(desc(messages.version))
    .limit(1)
    .as('base');
  const name = `kiln_start_state_${Number(variant.isSelected)}${Number(variant.withContent)}${Number(variant.withSpending)}`;
  return db
    .select({
      id: chats.id,
      userId: chats.userId,
      isPrivate: chats.isPrivate,
      framework: chats.framework,
      versions: sql<number>`(select count(*) from ${messages} where ${ofChat(messages.chatId)}
        and ${messages.role} = 'assistant')`.mapWith(Number),
      highest: sql<number>`(select coalesce(max(${messages.version}), 0) from ${messages}
        where ${ofChat(messages.chatId)})`.mapWith(Number),
      used: sql<number>`(select count(*) from ${messages} where ${messages.userId} = ${userId}
        and ${messages.createdAt} >= ${sql.placeholder('windowStart')}::timestamptz
        and ${COUNTS_AGAINST_QUOTA})`.mapWith(Number),
      credits: sql<number>`coalesce((select ${versionCredits.balance} from ${versionCredits}
        where ${versionCredits.userId} = ${userId}), 0)`.mapWith(Number),
      claimedVersion: sql<number | null>`(select ${runningGenerations.version} from ${runningGenerations}
        where ${ofChat(runningGenerations.chatId)} and ${isLiveClaim()})`,
      runningOfUser: sql<number>`(select count(*) from ${runningGenerations}
        where ${runningGenerations.userId} = ${userId} and ${isLiveClaim()})`.mapWith(Number),
      spentUsd: variant.withSpending
        ? monthCostOf(userId, { start: sql.placeholder('monthStart'), end: sql.placeholder('monthEnd') })
        : sql<number | null>`null::float8`,
      hasIntegrations: sql<boolean>`exists (select 1 from ${chatIntegrations}
        where ${ofChat(chatIntegrations.chatId)})`,
      // Only a version without a stored snapshot starts from them (a chat's first version).
      defaultInstructions: sql<string | null>`case when ${base.artifactCode} is null then
        (select ${users.defaultInstructions} from ${users} where ${users.id} = ${userId}) end`,
      // The base's text is '' (never null) when it exists and is not read.
      hasBase: sql<boolean>`${base.content} is not null`,
      baseVersion: base.version,
      baseArtifactCode: base.artifactCode,
      baseFinishReason: base.finishReason,
      baseContent: base.content,
    })
    .from(chats)
    .leftJoinLateral(base, sql`true`)
    .where(eq(chats.id, chatId))
    .limit(1)
    .prepare(name);
}

/** Each database's prepared reads, by variant: built once (and planned once on PostgreSQL). */
const preparedReads = new WeakMap<Database, Map<string, ReturnType<typeof prepareStartState>>>();

/**
 * Everything the checks before the model need, in one round trip (issue 34 item 3): the chat
 * (for the permission policy), the base answer, the version counts, the user's quota usage and
 * extra credits, the chat's live claim and the user's running generations, the month's spending
 * when the plan has a budget, whether integrations are enabled, and the user's default
 * instructions. Each round trip costs ~1 ms of the main thread on the embedded database and a
 * network hop on PostgreSQL, before the first token; the statement is prepared once per variant.
 * Only the chat's policy fields are read, not its snapshot.
 */
export async function loadStartState(
  db: Database,
  input: {
    chatId: string;
    userId: string;
    selectedVersion?: number;
    windowStart: Date;
    /** Whether the base answer's text is needed (to continue it); it can be large. */
    withContent: boolean;
    /** Read the user's spending this month (their plan has a budget). */
    withSpending?: { now: Date };
  },
): Promise<StartState | null> {
  const variant: StartVariant = {
    isSelected: input.selectedVersion !== undefined,
    withContent: input.withContent,
    withSpending: input.withSpending !== undefined,
  };
  const key = `${variant.isSelected}:${variant.withContent}:${variant.withSpending}`;
  let reads = preparedReads.get(db);
  if (!reads) preparedReads.set(db, (reads = new Map()));
  let read = reads.get(key);
  if (!read) reads.set(key, (read = prepareStartState(db, variant)));
  const month = input.withSpending ? budgetMonth(input.withSpending.now) : null;
  const [row] = await read.execute({
    chatId: input.chatId,
    userId: input.userId,
    selectedVersion: input.selectedVersion,
    windowStart: input.windowStart.toISOString(),
    monthStart: month?.start.toISOString(),
    monthEnd: month?.end.toISOString(),
  });
  if (!row) return null;
  return {
    chat: { id: row.id, userId: row.userId, isPrivate: row.isPrivate, framework: row.framework },
    base: row.hasBase
      ? {
          version: Number(row.baseVersion),
          content: row.baseContent ?? '',
          artifactCode: row.baseArtifactCode,
          finishReason: row.baseFinishReason,
        }
      : null,
    versions: row.versions,
    highest: row.highest,
    used: row.used,
    credits: row.credits,
    claimedVersion: row.claimedVersion === null ? null : Number(row.claimedVersion),
    runningOfUser: row.runningOfUser,
    spentUsd: row.spentUsd === null ? null : Number(row.spentUsd),
    hasIntegrations: row.hasIntegrations,
    defaultInstructions: row.defaultInstructions ?? '',
  };
}
