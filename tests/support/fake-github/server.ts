/**
 * A loopback fake of GitHub for the code-hosting tests (issue 15): one Node HTTP server on
 * 127.0.0.1 that plays both GitHub's web address (`KILN_GITHUB_URL`: OAuth, git over smart HTTP)
 * and its API (`KILN_GITHUB_API_URL`, also answered under `/api/v3` as GitHub Enterprise does).
 * Repositories are real bare repositories served by `git http-backend`, so pushes and fetches
 * are real git transfers. The returned object is the control API tests use: users and tokens,
 * direct commits "on GitHub", and switches for GitHub's failure modes (a just-created repository
 * not yet visible, 5xx and rate limits, revoked tokens, requests that never answer).
 */
import fs from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Accounts, tokenOf } from './accounts.ts';
import { GIT_PATH, handleGit } from './git-route.ts';
import { sendJson, sendText } from './http-util.ts';
import { OAuthApp } from './oauth.ts';
import { RepositoryStore, type DirectFileContent, type FakeRepository } from './repositories.ts';
import { handleRest, viewerHeaders, visibleRepo, type RestContext } from './rest.ts';

/** Which part of the fake a request went to. */
export type RequestKind = 'api' | 'git' | 'oauth' | 'web';

export interface LoggedRequest {
  method: string;
  /** Path and query as sent (the API's `/api/v3` prefix included). */
  url: string;
  kind: RequestKind;
  /** The user whose token came with it (never the token itself). */
  user: string | null;
  /** Null while the request is still being answered (or held by `stallNext`). */
  status: number | null;
}

export interface FailureSwitch {
  /** An HTTP status (502, 503, 500, 401…), or GitHub's primary rate limit: 403 with remaining 0. */
  status: number | 'rate-limit';
  /** How many requests fail (default 1). */
  times?: number;
  /** Which requests (default 'api'). */
  scope?: RequestKind | 'all';
  /** The body: JSON `message` for the API, plain text for git (git prints it as `remote: …`). */
  message?: string;
  /** The `retry-after` seconds of a rate limit (default 1). */
  retryAfter?: number;
  /** Only requests this accepts fail (default: the next ones of `scope`). */
  match?: (request: { method: string; url: string }) => boolean;
  /** Git only: the request is served first (a push lands), then its answer replaced by the failure. */
  afterServing?: boolean;
}

export interface FakeGitHubOptions {
  clientId?: string;
  /** Enables the web flow's code exchange; null: device flow only. */
  clientSecret?: string | null;
  /** The device flow's polling interval in seconds (GitHub: 5). */
  deviceInterval?: number;
  /**
   * Whether a poll sooner than the interval answers slow_down, as GitHub does (default: when the
   * interval is above 0). Off, only `slowDownNext` causes one, so a test never waits 5 s.
   */
  enforceDeviceInterval?: boolean;
  deviceExpiresIn?: number;
  /** A fixed port (default: a random one). */
  port?: number;
}

export interface FakeGitHub {
  /** `http://127.0.0.1:{port}`: both KILN_GITHUB_URL and KILN_GITHUB_API_URL. */
  url: string;
  apiUrl: string;
  port: number;
  clientId: string;
  clientSecret: string | null;
  createUser(
    login: string,
    options?: { scopes?: string[] | null; name?: string; defaultBranch?: string },
  ): { login: string; id: number; token: string };
  /** The user's personal access token (made with the user). */
  tokenFor(login: string): string;
  /** Another token for the user: scopes (classic) or null (fine-grained). */
  issueToken(login: string, scopes: string[] | null): string;
  revokeToken(token: string): void;
  setTokenScopes(token: string, scopes: string[] | null): void;
  /** A repository as `POST /user/repos` would make it (no request logged, no lag). */
  createRepo(owner: string, name: string, options?: { private?: boolean; autoInit?: boolean }): Promise<void>;
  repoPath(owner: string, repo: string): string;
  /** A commit made on GitHub: files added, changed or (null) deleted on top of the branch; its sha. */
  commitDirectly(
    owner: string,
    repo: string,
    branch: string,
    files: Record<string, DirectFileContent>,
    message: string,
  ): Promise<string>;
  setDefaultBranch(owner: string, repo: string, branch: string): Promise<void>;
  /** The branch's head commit, or null. */
  head(owner: string, repo: string, branch: string): Promise<string | null>;
  /** Every file at `ref` (a branch or a commit) with its bytes and mode. */
  files(owner: string, repo: string, ref: string): Promise<Map<string, { bytes: Buffer; mode: string }>>;
  /** The next `times` requests for this repository (REST or git) answer 404. */
  hideRepo(owner: string, repo: string, times: number): void;
  /** Every repository created from now on answers 404 for its first `times` requests. */
  setNewRepoLag(times: number): void;
  failNext(failure: FailureSwitch): void;
  /** The next `times` requests of `scope` are never answered (until close): a timeout. */
  stallNext(options: { times?: number; scope?: RequestKind | 'all' }): void;
  setDeviceFlowEnabled(enabled: boolean): void;
  approveDevice(userCode: string, login: string): void;
  denyDevice(userCode: string): void;
  expireDevice(userCode: string): void;
  slowDownNext(userCode: string): void;
  /** User codes handed out by the device flow, oldest first. */
  readonly userCodes: string[];
  /** Who approves the web flow's authorize page (null: the user cancels). */
  setWebFlowUser(login: string | null): void;
  readonly requests: LoggedRequest[];
  /** Resolves with the first request (already made or still to come) that matches. */
  waitForRequest(match: (request: LoggedRequest) => boolean): Promise<LoggedRequest>;
  close(): Promise<void>;
}

export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kiln-fake-github-'));
  const home = path.join(root, 'home');
  await fs.mkdir(home);
  const accounts = new Accounts();
  const repos = new RepositoryStore(path.join(root, 'repositories'), home);
  let baseUrl = '';
  let newRepoLag = 0;
  const failures: (Required<Omit<FailureSwitch, 'match'>> & Pick<FailureSwitch, 'match'>)[] = [];
  const stalls: { times: number; scope: RequestKind | 'all' }[] = [];
  const held = new Set<ServerResponse>();
  const requests: LoggedRequest[] = [];
  const waiters: { match: (r: LoggedRequest) => boolean; resolve: (r: LoggedRequest) => void }[] = [];
  const clientId = options.clientId ?? 'Iv1.fakekilnclient';
  const clientSecret = options.clientSecret === undefined ? 'fake-kiln-client-secret' : options.clientSecret;
  const oauth = new OAuthApp(
    {
      clientId,
      clientSecret,
      webUrl: () => baseUrl,
      deviceInterval: options.deviceInterval ?? 5,
      deviceExpiresIn: options.deviceExpiresIn ?? 900,
      enforceInterval: options.enforceDeviceInterval ?? (options.deviceInterval ?? 5) > 0,
    },
    accounts,
  );
  const rest: RestContext = {
    accounts,
    repos,
    webUrl: () => baseUrl,
    apiUrl: () => baseUrl,
    newRepoLag: () => newRepoLag,
  };

  const take = <T extends { times: number; scope: RequestKind | 'all'; match?: FailureSwitch['match'] }>(
    list: T[],
    kind: RequestKind,
    request: { method: string; url: string },
  ) => {
    const index = list.findIndex(
      (item) => (item.scope === 'all' || item.scope === kind) && (!item.match || item.match(request)),
    );
    if (index < 0) return undefined;
    const item = list[index] as T;
    item.times -= 1;
    if (item.times <= 0) list.splice(index, 1);
    return item;
  };

  const notify = (entry: LoggedRequest) => {
    for (const waiter of [...waiters]) {
      if (waiter.match(entry)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', baseUrl);
    const kind = kindOf(url.pathname);
    const viewer = accounts.resolve(tokenOf(req.headers.authorization));
    const entry: LoggedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      kind,
      user: viewer?.user.login ?? null,
      status: null,
    };
    requests.push(entry);
    res.on('finish', () => {
      entry.status = res.statusCode;
    });
    notify(entry);

    if (take(stalls, kind, entry)) {
      held.add(res);
      req.resume();
      return;
    }
    const failure = take(failures, kind, entry);
    if (failure && !(failure.afterServing && kind === 'git')) {
      req.resume();
      fail(res, kind, failure, viewer);
      return;
    }
    if (kind === 'git') {
      const replace = failure ? (out: ServerResponse) => fail(out, kind, failure, viewer) : undefined;
      await handleGit({ accounts, repos, home }, req, res, url, replace);
      return;
    }
    if (kind === 'oauth' && (await oauth.handle(req, res, url))) return;
    if (kind === 'api') {
      url.pathname = url.pathname.replace(/^\/api\/v3(?=\/|$)/, '') || '/';
      await handleRest(rest, req, res, url, viewer, !!req.headers.authorization);
      return;
    }
    webPage(res, url, viewer);
  };

  const webPage = (res: ServerResponse, url: URL, viewer: ReturnType<typeof accounts.resolve>) => {
    if (url.pathname === '/login/device') {
      sendHtml(res, 200, '<h1>Device Activation</h1><p>Enter the code displayed on your device</p>');
      return;
    }
    const [owner, name, ...more] = url.pathname.split('/').filter(Boolean);
    const repo = owner && name && !more.length ? visibleRepo(rest, owner, name, viewer) : undefined;
    if (repo) sendHtml(res, 200, `<h1>${escapeHtml(`${repo.owner}/${repo.name}`)}</h1>`);
    else sendHtml(res, 404, '<h1>404</h1><p>This is not the web page you are looking for.</p>');
  };

  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendText(res, 500, `fake GitHub failed: ${String(error)}\n`);
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  const repoOf = (owner: string, name: string): FakeRepository => {
    const repo = repos.find(owner, name);
    if (!repo) throw new Error(`no repository ${owner}/${name}`);
    return repo;
  };

  return {
    url: baseUrl,
    apiUrl: baseUrl,
    port,
    clientId,
    clientSecret,
    createUser(login, userOptions = {}) {
      const { user, token } = accounts.createUser(login, userOptions);
      return { login: user.login, id: user.id, token };
    },
    tokenFor: (login) => accounts.tokenFor(login),
    issueToken: (login, scopes) => accounts.issue(login, scopes),
    revokeToken: (token) => accounts.revoke(token),
    setTokenScopes: (token, scopes) => accounts.setScopes(token, scopes),
    async createRepo(owner, name, repoOptions = {}) {
      const user = accounts.user(owner);
      if (!user) throw new Error(`no user ${owner}`);
      await repos.create(user.login, name, {
        private: repoOptions.private ?? true,
        defaultBranch: user.defaultBranch,
        autoInit: repoOptions.autoInit ?? false,
        hiddenFor: 0,
      });
    },
    repoPath: (owner, name) => repoOf(owner, name).gitDir,
    commitDirectly: (owner, name, branch, files, message) =>
      repos.commit(repoOf(owner, name), branch, files, message),
    setDefaultBranch: (owner, name, branch) => repos.setDefaultBranch(repoOf(owner, name), branch),
    head: (owner, name, branch) => repos.head(repoOf(owner, name), branch),
    files: (owner, name, ref) => repos.files(repoOf(owner, name), ref),
    hideRepo(owner, name, times) {
      repoOf(owner, name).hiddenFor = times;
    },
    setNewRepoLag(times) {
      newRepoLag = times;
    },
    failNext(failure) {
      failures.push({
        status: failure.status,
        times: failure.times ?? 1,
        scope: failure.scope ?? 'api',
        message: failure.message ?? '',
        retryAfter: failure.retryAfter ?? 1,
        match: failure.match,
        afterServing: failure.afterServing ?? false,
      });
    },
    stallNext({ times = 1, scope = 'all' }) {
      stalls.push({ times, scope });
    },
    setDeviceFlowEnabled(enabled) {
      oauth.deviceFlowEnabled = enabled;
    },
    approveDevice: (userCode, login) => oauth.approveDevice(userCode, login),
    denyDevice: (userCode) => oauth.denyDevice(userCode),
    expireDevice: (userCode) => oauth.expireDevice(userCode),
    slowDownNext: (userCode) => oauth.slowDownNext(userCode),
    get userCodes() {
      return oauth.userCodes;
    },
    setWebFlowUser(login) {
      oauth.webFlowUser = login;
    },
    requests,
    waitForRequest(match) {
      const done = requests.find(match);
      if (done) return Promise.resolve(done);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    async close() {
      for (const res of held) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

function kindOf(pathname: string): RequestKind {
  if (GIT_PATH.test(pathname)) return 'git';
  if (pathname.startsWith('/login/')) return pathname === '/login/device' ? 'web' : 'oauth';
  if (/^\/(api\/v3(\/|$)|user(\/|$)|users\/|repos\/)/.test(pathname)) return 'api';
  return 'web';
}

function fail(
  res: ServerResponse,
  kind: RequestKind,
  failure: Pick<Required<FailureSwitch>, 'status' | 'message' | 'retryAfter'>,
  viewer: Parameters<typeof viewerHeaders>[0],
): void {
  if (failure.status === 'rate-limit') {
    const headers = {
      ...viewerHeaders(viewer),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + failure.retryAfter),
      'retry-after': String(failure.retryAfter),
    };
    const message = failure.message || `API rate limit exceeded for user ID ${viewer?.user.id ?? 0}.`;
    if (kind === 'git') sendText(res, 403, `${message}\n`, headers);
    else
      sendJson(res, 403, { message, documentation_url: 'https://docs.github.com/rest/rate-limit' }, headers);
    return;
  }
  const message = failure.message || (http.STATUS_CODES[failure.status] ?? 'Server Error');
  const headers: Record<string, string> =
    failure.status === 429 ? { 'retry-after': String(failure.retryAfter) } : {};
  if (kind === 'git') sendText(res, failure.status, `${message}\n`, headers);
  else sendJson(res, failure.status, { message, documentation_url: 'https://docs.github.com/rest' }, headers);
}

function sendHtml(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><body>${body}</body></html>`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
