import type { Capability } from '../../../core/permissions/index.ts';
import type { Framework } from '../../../core/frameworks/index.ts';
import type { ChatData } from '../../../server/chats/read.ts';
import type { ChatView, MessageView } from '../../../server/chats/views.ts';

export type { ChatView, MessageView };

/**
 * GET /api/chats/by-slug/:slug (docs/api.md). `generation` names the version being generated
 * right now, so a reloaded page can re-attach to its stream.
 */
export type EditorChatData = Omit<ChatData, 'chat' | 'permissions'> & {
  chat: Omit<ChatView, 'framework'> & { framework: Framework };
  permissions: Record<Capability, boolean>;
  generation?: { version: number } | null;
};

export type Permissions = Record<Capability, boolean>;

/** A message's attachment as the API lists it. */
export type MessageAttachment = MessageView['files'][number];

export type FinishReason = 'stop' | 'length' | 'error';

export function isFinishReason(value: unknown): value is FinishReason {
  return value === 'stop' || value === 'length' || value === 'error';
}
