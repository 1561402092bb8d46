/**
 * Who may use a repository over git's smart HTTP, the way GitHub decides it: a bad token is 401
 * (with `WWW-Authenticate: Basic`, so git asks for credentials), no token is 401 for anything but
 * reading a public repository, a private repository someone else owns is "not found", and pushing
 * to another user's public repository is 403.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { scopesAllow, tokenOf, type Accounts } from './accounts.ts';
import { serveGitHttpBackend } from './git-http-backend.ts';
import { sendText } from './http-util.ts';
import type { RepositoryStore } from './repositories.ts';

export const GIT_PATH = /^\/([^/]+)\/([^/]+)\/(info\/refs|git-upload-pack|git-receive-pack)$/;

export interface GitRouteContext {
  accounts: Accounts;
  repos: RepositoryStore;
  home: string;
}

/** The login of the user who made the request, for the request log (null when anonymous). */
export async function handleGit(
  context: GitRouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  replaceAnswer?: (res: ServerResponse) => void,
): Promise<string | null> {
  const match = GIT_PATH.exec(url.pathname);
  if (!match) {
    sendText(res, 404, 'Not Found\n');
    return null;
  }
  const [, owner = '', rawName = '', endpoint = ''] = match;
  const service = endpoint === 'info/refs' ? (url.searchParams.get('service') ?? '') : endpoint;
  const isWrite = service === 'git-receive-pack';
  const token = tokenOf(req.headers.authorization);
  const viewer = context.accounts.resolve(token);
  const askForCredentials = () =>
    sendText(
      res,
      401,
      'Invalid username or token. Password authentication is not supported for Git operations.\n',
      { 'www-authenticate': 'Basic realm="GitHub"' },
    );
  if (token && !viewer) {
    askForCredentials();
    return null;
  }
  const login = viewer?.user.login ?? null;
  const found = context.repos.find(
    decodeURIComponent(owner),
    decodeURIComponent(rawName).replace(/\.git$/, ''),
  );
  let repo = found;
  if (found && found.hiddenFor > 0) {
    found.hiddenFor -= 1;
    repo = undefined;
  }
  const isOwner = !!repo && !!viewer && viewer.user.login.toLowerCase() === repo.owner.toLowerCase();
  if (!repo || (repo.private && !(isOwner && scopesAllow(viewer?.token.scopes ?? [], true, false)))) {
    if (!viewer) askForCredentials();
    else sendText(res, 404, 'Repository not found.\n');
    return login;
  }
  if (isWrite) {
    if (!viewer) {
      askForCredentials();
      return login;
    }
    if (!isOwner || !scopesAllow(viewer.token.scopes, repo.private, true)) {
      sendText(res, 403, `Permission to ${repo.owner}/${repo.name}.git denied to ${viewer.user.login}.\n`);
      return login;
    }
  }
  const pathInfo = `/${repo.owner}/${repo.name}.git/${endpoint}`;
  await serveGitHttpBackend(
    context.repos.root,
    context.home,
    { pathInfo, query: url.search.replace(/^\?/, ''), remoteUser: login },
    req,
    res,
    replaceAnswer,
  );
  return login;
}
