import type { RuntimeCheckError } from '../../core/preview/runtime-errors.ts';
import type { MessageFile, MigrationExecuted } from '../db/schema/index.ts';
import type { ChatRow } from './access.ts';
import type { MessageRow } from './versions.ts';
import { parseAutofixMark, type AutofixMark } from '../../core/autofix/index.ts';

/** What the web app receives for a chat; field names follow spec §3 in camelCase. */
export interface ChatView {
  id: string;
  userId: string;
  title: string | null;
  slug: string;
  framework: string;
  isPrivate: boolean;
  isDeployed: boolean;
  deploySubdomain: string | null;
  deployedVersion: number | null;
  githubRepoUrl: string | null;
  githubRepoName: string | null;
  lastGithubSync: string | null;
  remixChatId: string | null;
  cloneUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MessageView {
  id: string;
  chatId: string;
  role: 'user' | 'assistant';
  version: number;
  content: string;
  createdAt: string;
  files: MessageFile[];
  isBuilt: boolean;
  isGithubPull: boolean;
  screenshot: string | null;
  /** What the server's browser hit loading the built version; null until checked (issue 19). */
  runtimeErrors: RuntimeCheckError[] | null;
  migrationsExecuted: MigrationExecuted[];
  finishReason: string | null;
  /** What the answer cost (issue 17 item 3): the chat owner's view only; null otherwise or unknown. */
  usage?: MessageUsageView | null;
  /** Kiln's repair rounds (issue 33 item 4): a round's prompt shows as 'Fixing: {title} (1/2)'. */
  autofix: AutofixMark | null;
}

export interface MessageUsageView {
  modelId: string | null;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  /** Dollars at the price table of the time; null when the model had no price. */
  costUsd: number | null;
}

export function toChatView(chat: ChatRow): ChatView {
  return {
    id: chat.id,
    userId: chat.userId,
    title: chat.title,
    slug: chat.slug,
    framework: chat.framework,
    isPrivate: chat.isPrivate,
    isDeployed: chat.isDeployed,
    deploySubdomain: chat.deploySubdomain,
    deployedVersion: chat.deployedVersion,
    githubRepoUrl: chat.githubRepoUrl,
    githubRepoName: chat.githubRepoName,
    lastGithubSync: chat.lastGithubSync?.toISOString() ?? null,
    remixChatId: chat.remixChatId,
    cloneUrl: chat.cloneUrl,
    createdAt: chat.createdAt.toISOString(),
    updatedAt: chat.updatedAt.toISOString(),
  };
}

export function toMessageView(message: MessageRow, options: { withUsage: boolean }): MessageView {
  return {
    id: message.id,
    chatId: message.chatId,
    role: message.role as 'user' | 'assistant',
    version: message.version,
    content: message.content,
    createdAt: message.createdAt.toISOString(),
    files: message.files,
    isBuilt: message.isBuilt,
    isGithubPull: message.isGithubPull,
    screenshot: message.screenshot,
    runtimeErrors: message.runtimeErrors,
    migrationsExecuted: message.migrationsExecuted,
    finishReason: message.finishReason,
    usage: options.withUsage ? toUsageView(message) : null,
    autofix: parseAutofixMark(message.autofix),
  };
}

function toUsageView(message: MessageRow): MessageUsageView | null {
  if (message.role !== 'assistant' || message.inputTokens === null) return null;
  return {
    modelId: message.modelId,
    inputTokens: message.inputTokens,
    outputTokens: message.outputTokens ?? 0,
    cachedInputTokens: message.cachedInputTokens ?? 0,
    costUsd: message.costUsd,
  };
}
