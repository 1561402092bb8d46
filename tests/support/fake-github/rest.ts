/**
 * The REST endpoints Kiln uses, with GitHub's shapes and status codes: the signed-in user (with
 * X-OAuth-Scopes), their repositories (paginated with a Link header), creating one (422 with
 * GitHub's error body), reading one, its branches and a branch's ref.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { scopesAllow, type Accounts, type FakeToken, type FakeUser } from './accounts.ts';
import { readJson, sendJson } from './http-util.ts';
import type { FakeRepository, RepositoryStore } from './repositories.ts';

const DOCS = 'https://docs.github.com/rest';
const MAX_NAME_LENGTH = 100;

export interface RestContext {
  accounts: Accounts;
  repos: RepositoryStore;
  webUrl: () => string;
  apiUrl: () => string;
  /** Requests a just-created repository still answers 404 for (eventual consistency). */
  newRepoLag: () => number;
}

type Viewer = { token: FakeToken; user: FakeUser };

export async function handleRest(
  context: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  viewer: Viewer | null,
  hasCredentials: boolean,
): Promise<void> {
  const headers = viewerHeaders(viewer);
  if (hasCredentials && !viewer) {
    sendJson(res, 401, { message: 'Bad credentials', documentation_url: DOCS, status: '401' }, headers);
    return;
  }
  const method = req.method ?? 'GET';
  const path = url.pathname.replace(/\/+$/, '') || '/';

  if (path === '/user' && method === 'GET') {
    if (!viewer) return requiresAuthentication(res, headers);
    sendJson(res, 200, userJson(context, viewer.user), headers);
    return;
  }
  if (path === '/user/emails' && method === 'GET') {
    // What "Sign in with GitHub" reads (scope user:email): the user's verified primary address.
    if (!viewer) return requiresAuthentication(res, headers);
    const email = `${viewer.user.login.toLowerCase()}@users.noreply.github.test`;
    sendJson(res, 200, [{ email, primary: true, verified: true, visibility: null }], headers);
    return;
  }
  if (path === '/user/repos' && method === 'GET') {
    if (!viewer) return requiresAuthentication(res, headers);
    listRepos(context, res, url, viewer, headers);
    return;
  }
  if (path === '/user/repos' && method === 'POST') {
    if (!viewer) return requiresAuthentication(res, headers);
    await createRepo(context, req, res, viewer, headers);
    return;
  }
  const repoPath = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path);
  if (repoPath && method === 'GET') {
    const [, owner = '', name = '', rest = ''] = repoPath;
    const repo = visibleRepo(context, decodeURIComponent(owner), decodeURIComponent(name), viewer);
    if (!repo) {
      sendJson(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' }, headers);
      return;
    }
    if (rest === '') {
      sendJson(res, 200, await repoJson(context, repo, viewer), headers);
      return;
    }
    if (rest === '/branches') {
      const heads = await context.repos.branches(repo);
      const api = `${context.apiUrl()}/repos/${repo.owner}/${repo.name}`;
      sendJson(
        res,
        200,
        Object.entries(heads).map(([branch, sha]) => ({
          name: branch,
          commit: { sha, url: `${api}/commits/${sha}` },
          protected: false,
        })),
        headers,
      );
      return;
    }
    const ref = /^\/git\/ref\/heads\/(.+)$/.exec(rest);
    if (ref) {
      const branch = decodeURIComponent(ref[1] ?? '');
      const heads = await context.repos.branches(repo);
      if (Object.keys(heads).length === 0) {
        sendJson(
          res,
          409,
          { message: 'Git Repository is empty.', documentation_url: DOCS, status: '409' },
          headers,
        );
        return;
      }
      const sha = heads[branch];
      if (!sha) {
        sendJson(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' }, headers);
        return;
      }
      const api = `${context.apiUrl()}/repos/${repo.owner}/${repo.name}`;
      sendJson(
        res,
        200,
        {
          ref: `refs/heads/${branch}`,
          url: `${api}/git/refs/heads/${branch}`,
          object: { sha, type: 'commit', url: `${api}/git/commits/${sha}` },
        },
        headers,
      );
      return;
    }
  }
  sendJson(res, 404, { message: 'Not Found', documentation_url: DOCS, status: '404' }, headers);
}

/**
 * A repository this viewer may see, or undefined (GitHub hides a private repository behind a 404,
 * and a just-created one for a few requests).
 */
export function visibleRepo(
  context: RestContext,
  owner: string,
  name: string,
  viewer: Viewer | null,
): FakeRepository | undefined {
  const repo = context.repos.find(owner, name.replace(/\.git$/, ''));
  if (!repo) return undefined;
  if (repo.hiddenFor > 0) {
    repo.hiddenFor -= 1;
    return undefined;
  }
  if (!repo.private) return repo;
  if (!viewer || viewer.user.login.toLowerCase() !== repo.owner.toLowerCase()) return undefined;
  return scopesAllow(viewer.token.scopes, true, false) ? repo : undefined;
}

function listRepos(
  context: RestContext,
  res: ServerResponse,
  url: URL,
  viewer: Viewer,
  headers: Record<string, string>,
): void {
  const perPage = clamp(Number.parseInt(url.searchParams.get('per_page') ?? '30', 10) || 30, 1, 100);
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const canSeePrivate = scopesAllow(viewer.token.scopes, true, false);
  const mine = context.repos
    .list()
    .filter((repo) => repo.owner.toLowerCase() === viewer.user.login.toLowerCase())
    .filter((repo) => !repo.private || canSeePrivate)
    .sort((a, b) => `${a.owner}/${a.name}`.localeCompare(`${b.owner}/${b.name}`));
  const last = Math.max(1, Math.ceil(mine.length / perPage));
  const slice = mine.slice((page - 1) * perPage, page * perPage);
  const link = (n: number, rel: string) => {
    const target = new URL(`${context.apiUrl()}/user/repos`);
    for (const [key, value] of url.searchParams) target.searchParams.set(key, value);
    target.searchParams.set('per_page', String(perPage));
    target.searchParams.set('page', String(n));
    return `<${target.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(page - 1, 'prev'));
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'));
  const out = slice.map((repo) => repoJsonSync(context, repo, viewer, null));
  sendJson(res, 200, out, links.length ? { ...headers, link: links.join(', ') } : headers);
}

async function createRepo(
  context: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  viewer: Viewer,
  headers: Record<string, string>,
): Promise<void> {
  let body: Record<string, unknown>;
  try {
    const parsed = await readJson(req);
    body = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    sendJson(res, 400, { message: 'Problems parsing JSON', documentation_url: DOCS, status: '400' }, headers);
    return;
  }
  const isPrivate = body.private === true || body.visibility === 'private';
  if (!scopesAllow(viewer.token.scopes, isPrivate, true)) {
    sendJson(
      res,
      403,
      { message: 'Resource not accessible by integration', documentation_url: DOCS, status: '403' },
      { ...headers, 'x-accepted-oauth-scopes': 'public_repo, repo' },
    );
    return;
  }
  const rawName = typeof body.name === 'string' ? body.name.trim() : '';
  if (!rawName) {
    sendJson(
      res,
      422,
      {
        message: 'Validation Failed',
        errors: [{ resource: 'Repository', code: 'missing_field', field: 'name' }],
        documentation_url: DOCS,
        status: '422',
      },
      headers,
    );
    return;
  }
  // GitHub turns characters a name cannot hold into hyphens rather than refusing them.
  const name = rawName.replace(/[^A-Za-z0-9._-]/g, '-');
  const invalid =
    name === '.' || name === '..' || name.toLowerCase().endsWith('.git')
      ? 'name is invalid'
      : name.length > MAX_NAME_LENGTH
        ? `name is too long (maximum is ${MAX_NAME_LENGTH} characters)`
        : context.repos.find(viewer.user.login, name)
          ? 'name already exists on this account'
          : null;
  if (invalid) {
    sendJson(
      res,
      422,
      {
        message: 'Repository creation failed.',
        errors: [{ resource: 'Repository', code: 'custom', field: 'name', message: invalid }],
        documentation_url: DOCS,
        status: '422',
      },
      headers,
    );
    return;
  }
  const repo = await context.repos.create(viewer.user.login, name, {
    private: isPrivate,
    defaultBranch: viewer.user.defaultBranch,
    autoInit: body.auto_init === true,
    hiddenFor: context.newRepoLag(),
  });
  const json = await repoJson(context, repo, viewer);
  sendJson(res, 201, json, { ...headers, location: String(json.url) });
}

function requiresAuthentication(res: ServerResponse, headers: Record<string, string>): void {
  sendJson(res, 401, { message: 'Requires authentication', documentation_url: DOCS, status: '401' }, headers);
}

/** What every API answer carries: rate-limit counters, and the token's scopes for a classic one. */
export function viewerHeaders(viewer: Viewer | null): Record<string, string> {
  const headers: Record<string, string> = {
    'x-github-media-type': 'github.v3; format=json',
    'x-ratelimit-limit': viewer ? '5000' : '60',
    'x-ratelimit-remaining': viewer ? '4999' : '59',
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
    'x-ratelimit-used': '1',
  };
  if (viewer && viewer.token.scopes !== null) headers['x-oauth-scopes'] = viewer.token.scopes.join(', ');
  return headers;
}

function userJson(context: RestContext, user: FakeUser): Record<string, unknown> {
  return {
    login: user.login,
    id: user.id,
    node_id: `U_${user.id}`,
    avatar_url: `${context.webUrl()}/${user.login}.png`,
    url: `${context.apiUrl()}/users/${user.login}`,
    html_url: `${context.webUrl()}/${user.login}`,
    type: 'User',
    site_admin: false,
    name: user.name,
  };
}

async function repoJson(
  context: RestContext,
  repo: FakeRepository,
  viewer: Viewer | null,
): Promise<Record<string, unknown>> {
  const heads = await context.repos.branches(repo);
  return repoJsonSync(context, repo, viewer, Object.keys(heads).length === 0);
}

function repoJsonSync(
  context: RestContext,
  repo: FakeRepository,
  viewer: Viewer | null,
  isEmpty: boolean | null,
): Record<string, unknown> {
  const owner = context.accounts.user(repo.owner);
  const isOwner = viewer?.user.login.toLowerCase() === repo.owner.toLowerCase();
  const web = `${context.webUrl()}/${repo.owner}/${repo.name}`;
  return {
    id: repo.id,
    node_id: `R_${repo.id}`,
    name: repo.name,
    full_name: `${repo.owner}/${repo.name}`,
    private: repo.private,
    visibility: repo.private ? 'private' : 'public',
    owner: owner ? userJson(context, owner) : { login: repo.owner },
    html_url: web,
    description: null,
    fork: false,
    url: `${context.apiUrl()}/repos/${repo.owner}/${repo.name}`,
    clone_url: `${web}.git`,
    git_url: `${web.replace(/^http/, 'git')}.git`,
    ssh_url: `git@${new URL(context.webUrl()).hostname}:${repo.owner}/${repo.name}.git`,
    default_branch: repo.defaultBranch,
    created_at: repo.createdAt,
    updated_at: repo.createdAt,
    pushed_at: repo.createdAt,
    size: isEmpty ? 0 : 1,
    permissions: { admin: isOwner, maintain: isOwner, push: isOwner, triage: isOwner, pull: true },
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
