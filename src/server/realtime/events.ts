import type { CloneState } from '../../core/clone/index.ts';

/**
 * Events sent to the clients of one chat (spec §7 "Realtime" and the 'preview-updates'
 * broadcast channel). Payloads stay small: PostgreSQL NOTIFY carries at most 8000 bytes.
 */
export type BuildStatus =
  'initializing' | 'processing' | 'starting' | 'deploying' | 'ready' | 'error' | 'token-limit';

export interface BuildErrorPayload {
  title: string;
  description: string;
  /** The trimmed log (spec §9: over 100 lines is trimmed). */
  content: string;
}

export type RealtimeEvent =
  /** An UPDATE on a message row (drives is_built in the editor). */
  | { type: 'message-update'; chatId: string; messageId: string; version: number; isBuilt: boolean }
  | { type: 'build-status'; chatId: string; version: number; status: BuildStatus; error?: BuildErrorPayload }
  | {
      type: 'preview-ready';
      chatId: string;
      version: number;
      previewId: string;
      url: string;
      timestamp: number;
    }
  | { type: 'refresh-preview'; chatId: string; version?: number }
  | { type: 'file-change'; chatId: string; version?: number }
  /**
   * The chat turned private or public: each open stream asks the policy again for its viewer
   * and closes if they may no longer view the chat (realtime/routes.ts).
   */
  | { type: 'visibility'; chatId: string; isPrivate: boolean }
  /**
   * A user's plan changed (a Stripe webhook): every process drops what it remembers of it. Sent
   * on the reserved channel PLANS_CHANNEL, which is no chat's id (billing/plan-changes.ts).
   */
  | { type: 'plan-changed'; chatId: string; userId: string }
  /**
   * A deployment or custom domain changed: every process forgets which site a host names. On
   * the reserved channel SITES_CHANNEL (hosting/site-directory.ts).
   */
  | { type: 'sites-changed'; chatId: string }
  /** A user's sessions changed (sign-out, password): every process drops their cached sessions. */
  | { type: 'sessions-changed'; chatId: string; userId: string }
  /** The server's browser loaded a built version: its screenshot and runtime check are stored. */
  | { type: 'version-checked'; chatId: string; version: number; messageId: string }
  /**
   * A version's app server logged or threw an error (issue 22 item 5): the editor's runtime error
   * panel shows it with its source line (core `errorSource`). Only the chat's owner subscribes
   * with edit rights; the message and stack are the app's own.
   */
  | {
      type: 'app-server-error';
      chatId: string;
      version: number;
      error: { kind: 'logged' | 'uncaught'; message: string; stack: string };
    }
  /** A clone's analysis moved on (issue 19 item 2: the progress panel of every open tab). */
  | { type: 'clone'; chatId: string; state: CloneState }
  /**
   * Stop a generation wherever it streams (issue 20 item 2): the chat's (the owner's stop) or
   * all of a user's (sign-out). On the reserved channel GENERATIONS_CHANNEL (generation/remote.ts).
   */
  | {
      type: 'generation-stop';
      chatId: string;
      target: { chatId: string } | { userId: string };
      reason: string;
    }
  /**
   * Text of a running generation as it was stored (offset in the stored answer; the text itself
   * when it fits NOTIFY): a re-attach in another process follows it. On the chat's reserved
   * text channel (`*text:{chatId}`), never sent to browsers.
   */
  | { type: 'generation-text'; chatId: string; version: number; offset: number; text?: string }
  /** A generation started or ended (other tabs of the same chat re-attach or refresh). */
  | {
      type: 'generation';
      chatId: string;
      version: number;
      state: 'started' | 'finished';
      finishReason?: 'stop' | 'length' | 'error';
    };

export type RealtimeListener = (event: RealtimeEvent) => void;

export interface Realtime {
  publish(event: RealtimeEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(chatId: string, listener: RealtimeListener): () => void;
  close(): Promise<void>;
}
