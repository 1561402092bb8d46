import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { githubConnections, githubDeviceFlows } from '../db/schema/index.ts';
import { ServiceError } from '../http/errors.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import { GitHubError, type GitHubApi } from './github-api.ts';

/** What the account page and the GitHub tab show (docs/api.md `CodeHostConnection`). */
export interface CodeHostConnection {
  connected: boolean;
  username: string | null;
  method: 'device' | 'web' | 'token' | null;
  scopes: string[];
  problem: string | null;
  methods: { device: boolean; web: boolean; token: true };
}

export interface ConnectionDeps {
  db: Database;
  api: GitHubApi;
  box: SecretBox;
  /** Signs the web flow's state. */
  secret: string;
  clientId: string | undefined;
  clientSecret: string | undefined;
  publicUrl: string;
}

/** `repo` reaches private repositories too; `workflow` is never asked (Kiln pushes no workflows of its own). */
export const GITHUB_SCOPE = 'repo';
const STATE_TTL_MS = 10 * 60 * 1000;

/** The person's GitHub connection (issue 15 item 1): device flow, web flow or a personal access token. */
export function createConnectionService(deps: ConnectionDeps) {
  const { db } = deps;
  const methods = {
    device: Boolean(deps.clientId),
    web: Boolean(deps.clientId && deps.clientSecret),
    token: true as const,
  };
  const redirectUri = `${deps.publicUrl}/api/codehost/oauth/callback`;

  async function view(userId: string): Promise<CodeHostConnection> {
    const [row] = await db
      .select()
      .from(githubConnections)
      .where(eq(githubConnections.userId, userId))
      .limit(1);
    if (!row) return { connected: false, username: null, method: null, scopes: [], problem: null, methods };
    const usable = row.accessTokenEncrypted !== null && row.problem === null;
    return {
      connected: usable,
      username: row.githubUsername,
      method: (['device', 'web', 'token'] as const).find((m) => m === row.method) ?? 'token',
      scopes: row.scopes,
      problem: row.problem,
      methods,
    };
  }

  /** Checks a token with GitHub and stores it sealed; the username and scopes are GitHub's answer. */
  async function save(
    userId: string,
    token: string,
    method: 'device' | 'web' | 'token',
  ): Promise<CodeHostConnection> {
    const user = await deps.api.user(token).catch((error: unknown) => {
      if (error instanceof GitHubError && (error.kind === 'unauthorized' || error.kind === 'forbidden')) {
        throw new ServiceError(400, 'invalid-token', `GitHub refused this token: ${error.message}`, {
          title: 'GitHub not connected',
        });
      }
      throw error;
    });
    const values = {
      githubUsername: user.login,
      accessTokenEncrypted: deps.box.seal(token),
      method,
      scopes: user.scopes,
      problem: null,
      updatedAt: new Date(),
    };
    await db
      .insert(githubConnections)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: githubConnections.userId, set: values });
    return view(userId);
  }

  function sign(payload: string): string {
    return createHmac('sha256', deps.secret).update(`codehost-oauth:${payload}`).digest('base64url');
  }

  return {
    view,

    async withToken(userId: string, token: string) {
      return save(userId, token, 'token');
    },

    /** The usable token, or 409 'codehost-not-connected' with the reason. */
    async token(userId: string): Promise<{ token: string; username: string }> {
      const [row] = await db
        .select()
        .from(githubConnections)
        .where(eq(githubConnections.userId, userId))
        .limit(1);
      if (!row?.accessTokenEncrypted || row.problem) {
        throw new ServiceError(
          409,
          'codehost-not-connected',
          row?.problem ?? 'Connect GitHub on your account page first.',
          {
            title: 'GitHub not connected',
          },
        );
      }
      return { token: deps.box.open(row.accessTokenEncrypted), username: row.githubUsername };
    },

    /** GitHub refused the token on use: remember why, so the tab says 'GitHub not connected' again. */
    async markRefused(userId: string, reason: string): Promise<void> {
      await db
        .update(githubConnections)
        .set({ problem: reason, updatedAt: new Date() })
        .where(eq(githubConnections.userId, userId));
    },

    async disconnect(userId: string): Promise<CodeHostConnection> {
      await db.delete(githubConnections).where(eq(githubConnections.userId, userId));
      await db.delete(githubDeviceFlows).where(eq(githubDeviceFlows.userId, userId));
      return view(userId);
    },

    async startDevice(userId: string) {
      if (!deps.clientId) {
        throw new ServiceError(
          409,
          'device-flow-unavailable',
          'This server has no GitHub OAuth App (GITHUB_CLIENT_ID). Use a personal access token.',
          {
            title: 'GitHub not connected',
          },
        );
      }
      const code = await deps.api.deviceCode(deps.clientId, GITHUB_SCOPE).catch((error: unknown) => {
        if (error instanceof GitHubError)
          throw new ServiceError(409, 'device-flow-unavailable', error.message, {
            title: 'GitHub not connected',
          });
        throw error;
      });
      const values = {
        deviceCodeEncrypted: deps.box.seal(code.deviceCode),
        intervalSeconds: code.interval,
        nextPollAt: new Date(),
        expiresAt: new Date(Date.now() + code.expiresIn * 1000),
      };
      await db
        .insert(githubDeviceFlows)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: githubDeviceFlows.userId, set: values });
      return {
        userCode: code.userCode,
        verificationUri: code.verificationUri,
        expiresIn: code.expiresIn,
        interval: code.interval,
      };
    },

    /**
     * One poll of the device flow. Polls that come sooner than GitHub allows are answered
     * 'pending' without asking GitHub (so a busy page cannot earn a slow_down); slow_down adds 5 s.
     */
    async pollDevice(userId: string) {
      const [flow] = await db
        .select()
        .from(githubDeviceFlows)
        .where(eq(githubDeviceFlows.userId, userId))
        .limit(1);
      const answer = async (
        status: 'pending' | 'connected' | 'denied' | 'expired' | 'disabled',
        interval: number,
        message: string | null,
      ) => ({
        status,
        interval,
        message,
        connection: await view(userId),
      });
      if (!flow) return answer('expired', 5, 'No connection is in progress. Start again for a new code.');
      if (flow.expiresAt.getTime() <= Date.now()) {
        await db.delete(githubDeviceFlows).where(eq(githubDeviceFlows.userId, userId));
        return answer(
          'expired',
          flow.intervalSeconds,
          'The code expired before it was entered. Start again for a new code.',
        );
      }
      if (flow.nextPollAt.getTime() > Date.now() || !deps.clientId)
        return answer('pending', flow.intervalSeconds, null);
      const result = await deps.api.deviceToken(deps.clientId, deps.box.open(flow.deviceCodeEncrypted));
      if (result.status === 'connected') {
        await db.delete(githubDeviceFlows).where(eq(githubDeviceFlows.userId, userId));
        await save(userId, result.token, 'device');
        return answer('connected', flow.intervalSeconds, null);
      }
      if (!('message' in result)) {
        const interval =
          result.status === 'slow_down'
            ? (result.interval ?? flow.intervalSeconds + 5)
            : flow.intervalSeconds;
        await db
          .update(githubDeviceFlows)
          .set({ intervalSeconds: interval, nextPollAt: sql`now() + make_interval(secs => ${interval})` })
          .where(eq(githubDeviceFlows.userId, userId));
        return answer('pending', interval, null);
      }
      await db.delete(githubDeviceFlows).where(eq(githubDeviceFlows.userId, userId));
      return answer(
        result.status === 'error' ? 'denied' : result.status,
        flow.intervalSeconds,
        result.message,
      );
    },

    /** The web flow's first step: GitHub's authorize address with a signed, expiring state. */
    webStart(userId: string): string {
      if (!deps.clientId || !deps.clientSecret) {
        throw new ServiceError(
          409,
          'web-flow-unavailable',
          'This server has no GitHub client secret; use the device flow or a token.',
        );
      }
      const payload = `${userId}.${Date.now() + STATE_TTL_MS}.${randomBytes(8).toString('base64url')}`;
      return deps.api.authorizeUrl(deps.clientId, redirectUri, `${payload}.${sign(payload)}`, GITHUB_SCOPE);
    },

    async webCallback(userId: string, code: string, state: string): Promise<CodeHostConnection> {
      const parts = state.split('.');
      const payload = parts.slice(0, 3).join('.');
      const signature = Buffer.from(parts[3] ?? '');
      const expected = Buffer.from(sign(payload));
      const valid =
        parts.length === 4 &&
        parts[0] === userId &&
        Number(parts[1]) > Date.now() &&
        signature.length === expected.length &&
        timingSafeEqual(signature, expected);
      if (!valid || !deps.clientId || !deps.clientSecret) {
        throw new ServiceError(
          400,
          'invalid-state',
          'The GitHub sign-in expired or was not started here. Try again.',
        );
      }
      const { token } = await deps.api.webToken(deps.clientId, deps.clientSecret, code, redirectUri);
      return save(userId, token, 'web');
    },
  };
}

export type ConnectionService = ReturnType<typeof createConnectionService>;
