import { eq } from 'drizzle-orm';
import {
  decide,
  type Capability,
  type ChatAccess,
  type Decision,
  type Viewer,
} from '../../core/permissions/index.ts';
import type { Database } from '../db/client.ts';
import { chats } from '../db/schema/index.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { ServiceError } from '../http/errors.ts';

export type ChatRow = typeof chats.$inferSelect;

export function policyViewer(viewer: RequestViewer): Viewer {
  return { userId: viewer.user?.id ?? null, isPremium: viewer.isPremium };
}

export async function findChatById(db: Database, id: string): Promise<ChatRow | null> {
  const [chat] = await db.select().from(chats).where(eq(chats.id, id)).limit(1);
  return chat ?? null;
}

export async function findChatBySlug(db: Database, slug: string): Promise<ChatRow | null> {
  const [chat] = await db.select().from(chats).where(eq(chats.slug, slug)).limit(1);
  return chat ?? null;
}

export type ChatAccessResult<Chat extends ChatAccess = ChatRow> =
  { ok: true; chat: Chat } | { ok: false; decision: Extract<Decision, { allowed: false }> };

const MISSING: Extract<Decision, { allowed: false }> = {
  allowed: false,
  reason: 'not-found',
  message: 'Component not found',
};

/**
 * Asks the policy about a loaded chat (the whole row, or only the fields the policy reads); a
 * missing chat and a hidden private one look the same.
 */
export function checkChatAccess<Chat extends ChatAccess>(
  viewer: RequestViewer,
  chat: Chat | null,
  capability: Capability,
): ChatAccessResult<Chat> {
  if (!chat) return { ok: false, decision: MISSING };
  const decision = decide(capability, policyViewer(viewer), chat);
  return decision.allowed ? { ok: true, chat } : { ok: false, decision };
}

/** Loads a chat and asks the policy. */
export async function accessChat(
  db: Database,
  viewer: RequestViewer,
  chatId: string,
  capability: Capability,
): Promise<ChatAccessResult> {
  return checkChatAccess(viewer, await findChatById(db, chatId), capability);
}

/**
 * The loaded chat (the whole row, or only the fields the caller read), if the viewer may use
 * `capability` on it; otherwise throws the denial.
 */
export function requireChatAccess<Chat extends ChatAccess = ChatRow>(
  viewer: RequestViewer,
  chat: Chat | null,
  capability: Capability,
): Chat {
  const result = checkChatAccess(viewer, chat, capability);
  if (!result.ok) throw ServiceError.fromDecision(result.decision);
  return result.chat;
}

/** The chat, if the viewer may use `capability` on it; otherwise throws the policy's denial. */
export async function requireChat(
  db: Database,
  viewer: RequestViewer,
  chatId: string,
  capability: Capability,
): Promise<ChatRow> {
  return requireChatAccess(viewer, await findChatById(db, chatId), capability);
}

export function requireUser(viewer: RequestViewer): NonNullable<RequestViewer['user']> {
  if (!viewer.user) throw new ServiceError(401, 'unauthenticated', 'Please sign in to continue.');
  return viewer.user;
}
