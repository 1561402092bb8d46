import type { Realtime, RealtimeEvent, RealtimeListener } from './events.ts';

/** The embedded default: one process, so a map of listeners per chat is the whole fan-out. */
export function createInProcessRealtime(): Realtime {
  const listeners = new Map<string, Set<RealtimeListener>>();
  return {
    publish(event: RealtimeEvent) {
      for (const listener of listeners.get(event.chatId) ?? []) {
        try {
          listener(event);
        } catch (error) {
          console.error('realtime listener failed', error);
        }
      }
    },
    subscribe(chatId, listener) {
      let set = listeners.get(chatId);
      if (!set) listeners.set(chatId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(chatId);
      };
    },
    async close() {
      listeners.clear();
    },
  };
}
