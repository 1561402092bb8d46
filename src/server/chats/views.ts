import type { MessageFile, MigrationExecuted } from '../db/schema/index.ts';
import type { ChatRow } from './access.ts';
import type { MessageRow } from './versions.ts';

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
  migrationsExecuted: MigrationExecuted[];
  finishReason: string | null;
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

export function toMessageView(message: MessageRow): MessageView {
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
    migrationsExecuted: message.migrationsExecuted,
    finishReason: message.finishReason,
  };
}
