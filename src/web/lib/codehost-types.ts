/**
 * The shapes of docs/api.md "Code-hosting sync" (issue 15), as the web app reads them. Written
 * from the contract, so the web does not depend on how the server names its types.
 */

export type CodeHostMethod = 'device' | 'web' | 'token';

/** GET /api/codehost/connection, and every connection change. */
export interface CodeHostConnection {
  connected: boolean;
  username: string | null;
  method: CodeHostMethod | null;
  scopes: string[];
  /** Why GitHub refused the saved token on use (revoked, under-scoped); null when none. */
  problem: string | null;
  /** Which ways of connecting this server offers (device needs a client id, web its secret too). */
  methods: { device: boolean; web: boolean; token: true };
}

/** POST /api/codehost/device: the code the user types at `verificationUri`. */
export interface DeviceFlowStart {
  userCode: string;
  verificationUri: string;
  /** Seconds until the code expires. */
  expiresIn: number;
  /** Seconds to wait between polls. */
  interval: number;
}

export type DeviceFlowStatus = 'pending' | 'connected' | 'denied' | 'expired' | 'disabled';

/** POST /api/codehost/device/poll. */
export interface DeviceFlowPoll {
  status: DeviceFlowStatus;
  interval: number;
  message: string | null;
  connection: CodeHostConnection;
}

/** One of the connected user's repositories (GET /api/codehost/repos). */
export interface CodeHostRepoListItem {
  fullName: string;
  private: boolean;
  defaultBranch: string;
  htmlUrl: string;
}

/** The repository a chat is linked to. */
export interface LinkedRepo {
  fullName: string;
  htmlUrl: string;
  /** The branch Kiln pushes to and pulls from; null until the first sync has seen one. */
  defaultBranch: string | null;
}

/** GET /api/chats/:id/codehost, and POST …/codehost/repo. */
export interface ChatCodeHost {
  connection: CodeHostConnection;
  repo: LinkedRepo | null;
  /** ISO time of the last push or pull. */
  lastSync: string | null;
  suggestedName: string;
  syncedVersion: number | null;
}

/** POST /api/chats/:id/codehost/push. */
export interface PushResult {
  success: boolean;
  message: string;
  commit: string | null;
  lastSync: string | null;
}

/** A file a pull or an import left out (binary, oversized, over the limit). */
export interface SkippedFile {
  path: string;
  reason: string;
}

/** POST /api/chats/:id/codehost/pull. */
export interface PullResult {
  success: boolean;
  message: string;
  /** The new version, or null when nothing changed. */
  version: number | null;
  skipped: SkippedFile[];
}

/** POST /api/codehost/import. */
export interface ImportResult {
  chatId: string;
  slug: string;
  skipped: SkippedFile[];
}
