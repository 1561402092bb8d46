import { and, count, eq } from 'drizzle-orm';
import { CAPABILITIES, type Capability, can, premiumUpsell } from '../../core/permissions/index.ts';
import type { Database } from '../db/client.ts';
import { likes, users } from '../db/schema/index.ts';
import type { RequestViewer } from '../http/viewer.ts';
import { findChatById, findChatBySlug, policyViewer, type ChatRow } from './access.ts';
import { listMessages } from './versions.ts';
import { toChatView, toMessageView, type ChatView, type MessageView } from './views.ts';

export interface ChatData {
  chat: ChatView;
  author: { id: string; fullName: string | null; avatarUrl: string | null };
  messages: MessageView[];
  lastAssistantMessage: MessageView | null;
  lastUserMessage: MessageView | null;
  isLiked: boolean;
  likeCount: number;
  /** Snapshots (artifact markup) of the latest and the requested version; others on demand. */
  snapshots: Record<number, string>;
  /** The original of a remix, when it is still visible to the viewer. */
  remixOf: { slug: string; title: string | null } | null;
  /** What this viewer may do, from the one policy (the web hides the rest). */
  permissions: Record<Capability, boolean>;
  /** The premium actions this viewer could take with a subscription, and what they are told first. */
  upsells: Partial<Record<Capability, string>>;
  /** The version being generated right now (re-attach with its stream endpoint), if any. */
  generation: { version: number } | null;
  /** Where the chat is deployed (the header badge 'Deployed v{n}'), for every viewer. */
  deployment: DeploymentSummary | null;
}

export interface DeploymentSummary {
  version: number | null;
  subdomain: string | null;
  subdomainUrl: string | null;
  /** The verified custom domain, when there is one. */
  customDomain: string | null;
  /** The custom domain's address if verified, else the subdomain's. */
  liveUrl: string | null;
}

/** Reads the deployment of a chat (the hosting capability answers; chats do not import it). */
export type DeploymentReader = (chat: ChatRow) => Promise<DeploymentSummary | null>;

/** fetchChatDataOptimized (spec §7): everything the editor page needs in one call. */
export async function readChatData(
  db: Database,
  viewer: RequestViewer,
  slug: string,
  requestedVersion?: number,
  readDeployment: DeploymentReader = async () => null,
): Promise<ChatData | null> {
  const chat = await findChatBySlug(db, slug);
  const policy = policyViewer(viewer);
  if (!chat || !can('view', policy, chat)) return null;

  const [rows, [author], liked, [likeTotal], remixOf, deployment] = await Promise.all([
    listMessages(db, chat.id),
    db
      .select({ id: users.id, fullName: users.fullName, avatarUrl: users.avatarUrl })
      .from(users)
      .where(eq(users.id, chat.userId))
      .limit(1),
    viewer.user
      ? db
          .select({ chatId: likes.chatId })
          .from(likes)
          .where(and(eq(likes.chatId, chat.id), eq(likes.userId, viewer.user.id)))
          .limit(1)
      : Promise.resolve([]),
    db.select({ total: count() }).from(likes).where(eq(likes.chatId, chat.id)),
    findRemixOrigin(db, viewer, chat),
    readDeployment(chat),
  ]);

  // What each version cost is the owner's business (issue 17 item 3).
  const withUsage = viewer.user?.id === chat.userId;
  const messageViews = rows.map((row) => toMessageView(row, { withUsage }));
  const assistants = rows.filter((m) => m.role === 'assistant');
  const users_ = messageViews.filter((m) => m.role === 'user');
  const snapshots: Record<number, string> = {};
  const latest = assistants.at(-1);
  for (const message of assistants) {
    if ((message === latest || message.version === requestedVersion) && message.artifactCode) {
      snapshots[message.version] = message.artifactCode;
    }
  }
  const permissions = Object.fromEntries(CAPABILITIES.map((c) => [c, can(c, policy, chat)])) as Record<
    Capability,
    boolean
  >;
  const upsells = Object.fromEntries(
    CAPABILITIES.flatMap((c) => {
      const upsell = premiumUpsell(c, policy, chat);
      return upsell === null ? [] : [[c, upsell]];
    }),
  ) as Partial<Record<Capability, string>>;
  return {
    chat: toChatView(chat),
    author: {
      id: chat.userId,
      fullName: author?.fullName?.trim() ? author.fullName : null,
      avatarUrl: author?.avatarUrl ?? null,
    },
    messages: messageViews,
    lastAssistantMessage: messageViews.filter((m) => m.role === 'assistant').at(-1) ?? null,
    lastUserMessage: users_.at(-1) ?? null,
    isLiked: liked.length > 0,
    likeCount: likeTotal?.total ?? 0,
    snapshots,
    remixOf,
    permissions,
    upsells,
    // An answer without a finish reason is still streaming (in this process or another).
    generation: (() => {
      const running = assistants.find((message) => message.finishReason === null);
      return running ? { version: running.version } : null;
    })(),
    deployment,
  };
}

async function findRemixOrigin(db: Database, viewer: RequestViewer, chat: ChatRow) {
  if (!chat.remixChatId) return null;
  const origin = await findChatById(db, chat.remixChatId);
  if (!origin || !can('view', policyViewer(viewer), origin)) return null;
  return { slug: origin.slug, title: origin.title };
}

export interface ComponentCard {
  id: string;
  slug: string;
  title: string | null;
  framework: string;
  isPrivate: boolean;
  createdAt: string;
  updatedAt: string;
}

export function toComponentCard(chat: ChatRow): ComponentCard {
  return {
    id: chat.id,
    slug: chat.slug,
    title: chat.title,
    framework: chat.framework,
    isPrivate: chat.isPrivate,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
  };
}
