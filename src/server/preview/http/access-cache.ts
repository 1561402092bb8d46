import type { Realtime } from '../../realtime/events.ts';
import type { PreviewAccess } from '../versions.ts';

interface ChatEntry {
  unsubscribe: () => void;
  versions: Map<number, { access: PreviewAccess | null; expires: number }>;
}

/**
 * Who may see a version's preview, remembered for `ttlMs` per chat and forgotten the moment any
 * event of the chat is published (a visibility change with its new token epoch, a version
 * finishing): every preview request used to read the database, the preview host's ceiling under
 * load (issue 22's benchmark). In one process an event is seen at once; across processes within
 * the LISTEN/NOTIFY round trip, and within `ttlMs` at worst.
 */
export class PreviewAccessCache {
  private readonly chats = new Map<string, ChatEntry>();

  constructor(
    private readonly realtime: Realtime,
    private readonly ttlMs = 1000,
    private readonly maxChats = 1000,
  ) {}

  async get(
    chatId: string,
    version: number,
    load: () => Promise<PreviewAccess | null>,
  ): Promise<PreviewAccess | null> {
    const now = Date.now();
    // Subscribed before the load: an event during it drops this entry, and the answer is not kept.
    const chat = this.entry(chatId);
    const known = chat.versions.get(version);
    if (known && known.expires > now) return known.access;
    const access = await load();
    if (this.chats.get(chatId) === chat) chat.versions.set(version, { access, expires: now + this.ttlMs });
    return access;
  }

  private entry(chatId: string): ChatEntry {
    const known = this.chats.get(chatId);
    if (known) return known;
    if (this.chats.size >= this.maxChats) {
      const [oldest] = this.chats.keys();
      if (oldest !== undefined) this.forget(oldest);
    }
    const chat: ChatEntry = { versions: new Map(), unsubscribe: () => {} };
    this.chats.set(chatId, chat);
    chat.unsubscribe = this.realtime.subscribe(chatId, () => this.forget(chatId));
    return chat;
  }

  private forget(chatId: string): void {
    const chat = this.chats.get(chatId);
    if (!chat) return;
    chat.unsubscribe();
    this.chats.delete(chatId);
  }
}
