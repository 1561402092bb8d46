import pg from 'pg';
import type { Realtime, RealtimeEvent, RealtimeListener } from './events.ts';

export const REALTIME_CHANNEL = 'kiln_realtime';
/** NOTIFY payloads are limited to 8000 bytes; keep a margin. */
const MAX_PAYLOAD_BYTES = 7800;
const RECONNECT_MS = 1000;

/** Shrinks an event to fit NOTIFY: only a build error's log can be long. */
export function encodeEvent(event: RealtimeEvent): string {
  let text = JSON.stringify(event);
  if (Buffer.byteLength(text) <= MAX_PAYLOAD_BYTES) return text;
  if (event.type === 'build-status' && event.error) {
    const overflow = Buffer.byteLength(text) - MAX_PAYLOAD_BYTES;
    const content = event.error.content;
    // Keep the end of the log (where errors are), cut from the start.
    let kept = content.slice(Math.min(content.length, overflow + 64));
    text = JSON.stringify({ ...event, error: { ...event.error, content: `…${kept}` } });
    while (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES && kept.length > 0) {
      kept = kept.slice(Math.ceil(kept.length / 4));
      text = JSON.stringify({ ...event, error: { ...event.error, content: `…${kept}` } });
    }
  }
  return text;
}

/**
 * Fan-out across processes with PostgreSQL LISTEN/NOTIFY (used when DATABASE_URL is set): any
 * web process can serve any client, whichever process (web or worker) published the event.
 * Events go through the database even to this process's own listeners, so order is the same
 * everywhere.
 */
export function createPostgresRealtime(
  url: string,
  log: (message: string) => void = console.error,
): Realtime {
  const listeners = new Map<string, Set<RealtimeListener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let isClosed = false;
  /** Notifications on their way: closing waits for them. */
  const sending = new Set<Promise<void>>();

  function dispatch(payload: string | undefined): void {
    if (!payload) return;
    let event: RealtimeEvent;
    try {
      event = JSON.parse(payload) as RealtimeEvent;
    } catch {
      return;
    }
    for (const listener of listeners.get(event.chatId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        log(`realtime listener failed: ${String(error)}`);
      }
    }
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => dispatch(message.payload));
      next.on('error', (error) => {
        log(`realtime: connection lost (${error.message}); reconnecting`);
        if (client === next) client = undefined;
        void next.end().catch(() => undefined);
        if (!isClosed) setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS).unref();
      });
      await next.connect();
      await next.query(`LISTEN ${REALTIME_CHANNEL}`);
      client = next;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  void connect().catch((error: Error) => log(`realtime: cannot connect: ${error.message}`));

  return {
    publish(event) {
      const payload = encodeEvent(event);
      const sent = connect()
        .then((connection) => connection.query('select pg_notify($1, $2)', [REALTIME_CHANNEL, payload]))
        .then(() => undefined)
        .catch((error: Error) => log(`realtime: publish failed: ${error.message}`))
        .finally(() => sending.delete(sent));
      sending.add(sent);
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
      // What was published reaches the database first (a CLI's plan change, a last event).
      await Promise.allSettled([...sending]);
      isClosed = true;
      listeners.clear();
      const current = client ?? (await connecting?.catch(() => undefined));
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
