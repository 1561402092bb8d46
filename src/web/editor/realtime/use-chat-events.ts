import { useEffect, useRef } from 'react';
import type { RealtimeEvent } from '../../../server/realtime/events.ts';

export type { RealtimeEvent };

/**
 * Subscribes to GET /api/chats/:chatId/events (server-sent events; each `data:` is one
 * RealtimeEvent). EventSource reconnects by itself after a network cut.
 */
export function useChatEvents(chatId: string, onEvent: (event: RealtimeEvent) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/api/chats/${encodeURIComponent(chatId)}/events`, {
      withCredentials: true,
    });
    source.onmessage = (message: MessageEvent<string>) => {
      let event: RealtimeEvent;
      try {
        event = JSON.parse(message.data) as RealtimeEvent;
      } catch {
        return;
      }
      if (event.chatId === chatId) handler.current(event);
    };
    return () => source.close();
  }, [chatId]);
}
