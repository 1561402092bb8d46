import { parseVersionNumber } from '../../../core/chats/index.ts';
import type { MessageView } from './chat-types.ts';

/** The version numbers that have an assistant answer, oldest first (version -1 is a clone placeholder). */
export function listVersions(messages: readonly MessageView[]): number[] {
  const versions = new Set<number>();
  for (const message of messages) {
    if (message.role === 'assistant' && message.version >= 0) versions.add(message.version);
  }
  return [...versions].sort((a, b) => a - b);
}

/** The ?v= value if it names an existing version, else the newest version, else null. */
export function resolveSelectedVersion(requested: number | null, versions: readonly number[]): number | null {
  if (requested !== null && versions.includes(requested)) return requested;
  return versions.at(-1) ?? null;
}

/** ?v= read by the same rule as the server (core): anything else selects the newest version. */
export function parseVersionParam(value: string | null): number | null {
  return value === null ? null : parseVersionNumber(value);
}

export interface VersionMessages {
  user: MessageView | null;
  assistant: MessageView | null;
}

/** The user prompt and the assistant answer of one version. */
export function messagesOfVersion(messages: readonly MessageView[], version: number | null): VersionMessages {
  if (version === null) return { user: null, assistant: null };
  let user: MessageView | null = null;
  let assistant: MessageView | null = null;
  for (const message of messages) {
    if (message.version !== version) continue;
    if (message.role === 'user') user = message;
    else assistant = message;
  }
  return { user, assistant };
}
