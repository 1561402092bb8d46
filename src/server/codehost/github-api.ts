/**
 * The few GitHub REST and OAuth calls Kiln makes (issue 15), over fetch with a configurable base
 * (`KILN_GITHUB_API_URL`, `KILN_GITHUB_URL`: GitHub Enterprise, Gitea and Forgejo speak the same
 * shapes for these). Every call is time-bounded; 5xx, 429 and rate-limited 403 answers are retried
 * with backoff (Retry-After honoured up to a cap). Tokens only ever travel in the Authorization
 * header; no error message carries one.
 */
export interface GitHubUser {
  login: string;
  scopes: string[];
}

export interface GitHubRepo {
  fullName: string;
  owner: string;
  name: string;
  private: boolean;
  defaultBranch: string | null;
  htmlUrl: string;
  cloneUrl: string;
}

export type GitHubErrorKind = 'unauthorized' | 'forbidden' | 'not-found' | 'invalid' | 'unavailable';

export class GitHubError extends Error {
  constructor(
    readonly kind: GitHubErrorKind,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type DeviceTokenAnswer =
  | { status: 'connected'; token: string; scopes: string[] }
  | { status: 'pending' | 'slow_down'; interval: number | null }
  | { status: 'denied' | 'expired' | 'disabled' | 'error'; message: string };

export interface GitHubApiOptions {
  apiUrl: string;
  webUrl: string;
  timeoutMs?: number;
  retries?: number;
  /** Waits between retries (tests pass a short one). */
  sleep?: (ms: number) => Promise<void>;
}

const RETRY_CAP_MS = 10_000;

export function createGitHubApi(options: GitHubApiOptions) {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retries = options.retries ?? 3;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function send(url: string, init: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
      } catch (error) {
        if (attempt < retries) {
          await sleep(backoff(attempt));
          continue;
        }
        const reason =
          error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
        throw new GitHubError('unavailable', `GitHub ${reason}. Please try again.`, 0);
      }
      const rateLimited =
        response.status === 429 ||
        (response.status === 403 && response.headers.get('x-ratelimit-remaining') === '0');
      if ((response.status >= 500 || rateLimited) && attempt < retries) {
        const retryAfter = Number(response.headers.get('retry-after'));
        await response.body?.cancel();
        await sleep(
          Number.isFinite(retryAfter) && retryAfter > 0
            ? Math.min(retryAfter * 1000, RETRY_CAP_MS)
            : backoff(attempt),
        );
        continue;
      }
      return response;
    }
  }

  async function api(token: string, path: string, init: { method?: string; body?: unknown } = {}) {
    const response = await send(`${options.apiUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${token}`,
        'x-github-api-version': '2022-11-28',
        'user-agent': 'Kiln',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    if (response.ok) return response;
    throw await errorOf(response);
  }

  async function form(path: string, fields: Record<string, string>): Promise<Record<string, unknown>> {
    const response = await send(`${options.webUrl}${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Kiln',
      },
      body: new URLSearchParams(fields).toString(),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok && typeof body.error !== 'string') throw await errorOf(response, body);
    return body;
  }

  return {
    async user(token: string): Promise<GitHubUser> {
      const response = await api(token, '/user');
      const body = (await response.json()) as { login: string };
      const scopes = (response.headers.get('x-oauth-scopes') ?? '')
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean);
      return { login: body.login, scopes };
    },

    async repos(token: string): Promise<GitHubRepo[]> {
      const all: GitHubRepo[] = [];
      for (let page = 1; page <= 10; page++) {
        const response = await api(token, `/user/repos?per_page=100&page=${page}&sort=updated`);
        const batch = (await response.json()) as RawRepo[];
        for (const raw of batch) all.push(toRepo(raw));
        if (batch.length < 100) break;
      }
      return all;
    },

    async repo(token: string, owner: string, name: string): Promise<GitHubRepo> {
      const response = await api(token, `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`);
      return toRepo((await response.json()) as RawRepo);
    },

    async createRepo(token: string, input: { name: string; private: boolean }): Promise<GitHubRepo> {
      const response = await api(token, '/user/repos', {
        method: 'POST',
        body: { name: input.name, private: input.private, auto_init: false },
      });
      return toRepo((await response.json()) as RawRepo);
    },

    /** Starts the device flow: what the person types at GitHub, and the code Kiln polls with. */
    async deviceCode(clientId: string, scope: string) {
      const body = await form('/login/device/code', { client_id: clientId, scope });
      if (typeof body.error === 'string') {
        throw new GitHubError(
          body.error === 'device_flow_disabled' ? 'forbidden' : 'invalid',
          deviceMessage(body.error, body.error_description),
          400,
        );
      }
      return {
        deviceCode: String(body.device_code),
        userCode: String(body.user_code),
        verificationUri: String(body.verification_uri),
        expiresIn: Number(body.expires_in),
        interval: Number(body.interval ?? 5),
      };
    },

    async deviceToken(clientId: string, deviceCode: string): Promise<DeviceTokenAnswer> {
      const body = await form('/login/oauth/access_token', {
        client_id: clientId,
        device_code: deviceCode,
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      });
      if (typeof body.access_token === 'string') {
        return { status: 'connected', token: body.access_token, scopes: scopesOf(body.scope) };
      }
      const error = String(body.error ?? 'error');
      if (error === 'authorization_pending') return { status: 'pending', interval: null };
      if (error === 'slow_down') return { status: 'slow_down', interval: Number(body.interval) || null };
      const status =
        error === 'access_denied'
          ? 'denied'
          : error === 'expired_token'
            ? 'expired'
            : error === 'device_flow_disabled'
              ? 'disabled'
              : 'error';
      return { status, message: deviceMessage(error, body.error_description) };
    },

    authorizeUrl(clientId: string, redirectUri: string, state: string, scope: string): string {
      const query = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, state, scope });
      return `${options.webUrl}/login/oauth/authorize?${query.toString()}`;
    },

    async webToken(clientId: string, clientSecret: string, code: string, redirectUri: string) {
      const body = await form('/login/oauth/access_token', {
        client_id: clientId,
        client_secret: clientSecret,
        code,
        redirect_uri: redirectUri,
      });
      if (typeof body.access_token !== 'string') {
        throw new GitHubError(
          'invalid',
          String(body.error_description ?? body.error ?? 'GitHub refused the sign-in.'),
          400,
        );
      }
      return { token: body.access_token, scopes: scopesOf(body.scope) };
    },
  };
}

export type GitHubApi = ReturnType<typeof createGitHubApi>;

interface RawRepo {
  full_name: string;
  name: string;
  owner: { login: string };
  private: boolean;
  default_branch?: string | null;
  html_url: string;
  clone_url?: string;
}

function toRepo(raw: RawRepo): GitHubRepo {
  return {
    fullName: raw.full_name,
    owner: raw.owner.login,
    name: raw.name,
    private: raw.private,
    defaultBranch: raw.default_branch ?? null,
    htmlUrl: raw.html_url,
    cloneUrl: raw.clone_url ?? `${raw.html_url}.git`,
  };
}

const scopesOf = (value: unknown) =>
  String(value ?? '')
    .split(/[ ,]+/)
    .filter(Boolean);

function backoff(attempt: number): number {
  return Math.min(500 * 2 ** attempt, RETRY_CAP_MS);
}

function deviceMessage(error: string, description: unknown): string {
  switch (error) {
    case 'access_denied':
      return 'The request was denied on GitHub. Connect again to retry.';
    case 'expired_token':
      return 'The code expired before it was entered. Start again for a new code.';
    case 'device_flow_disabled':
      return "GitHub's device flow is not enabled for this server's OAuth App. Ask the operator to enable it, or use a personal access token.";
    case 'incorrect_client_credentials':
      return "This server's GitHub client id is not valid. Ask the operator to check GITHUB_CLIENT_ID.";
    default:
      return typeof description === 'string' && description ? description : `GitHub answered ${error}.`;
  }
}

async function errorOf(response: Response, known?: Record<string, unknown>): Promise<GitHubError> {
  const body = known ?? ((await response.json().catch(() => ({}))) as Record<string, unknown>);
  const errors = Array.isArray(body.errors)
    ? (body.errors as { message?: string; code?: string; field?: string }[])
    : [];
  const detail = errors
    .map((error) => error.message ?? [error.field, error.code].filter(Boolean).join(' '))
    .filter(Boolean)
    .join('; ');
  const message = [
    typeof body.message === 'string' ? body.message : `GitHub answered ${response.status}`,
    detail,
  ]
    .filter(Boolean)
    .join(': ');
  const kind: GitHubErrorKind =
    response.status === 401
      ? 'unauthorized'
      : response.status === 403
        ? 'forbidden'
        : response.status === 404
          ? 'not-found'
          : response.status === 422 || response.status === 400
            ? 'invalid'
            : 'unavailable';
  return new GitHubError(kind, message, response.status);
}
