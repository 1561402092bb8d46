import { and, desc, eq, sql } from 'drizzle-orm';
import { parseSnapshot, serializeSnapshot, type Snapshot } from '../../core/artifact/index.ts';
import { checkBranchName, shownBranchName } from '../../core/codehost/branch-name.ts';
import { detectFramework } from '../../core/codehost/detect-framework.ts';
import { headMatchesProject, pulledSnapshot } from '../../core/codehost/pulled-snapshot.ts';
import { parseRepositoryInput } from '../../core/codehost/repository-input.ts';
import { isEnvFile, versionCommitMessage } from '../../core/codehost/sync-files.ts';
import { defaultRepositoryName, validateRepositoryName } from '../../core/validation/repository-name.ts';
import type { Database } from '../db/client.ts';
import { chats, messages } from '../db/schema/index.ts';
import { requireChat, requireUser, type ChatRow } from '../chats/access.ts';
import { createChat } from '../chats/create.ts';
import { versionProjectFiles } from '../chats/version-project.ts';
import { findLatestAssistantMessage } from '../chats/versions.ts';
import { ServiceError } from '../http/errors.ts';
import type { RequestViewer } from '../http/viewer.ts';
import type { PreviewService } from '../preview/service.ts';
import type { Realtime } from '../realtime/events.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import type { ConnectionService, CodeHostConnection } from './connections.ts';
import { GitHubError, type GitHubApi } from './github-api.ts';
import { GitError, type GitMirror } from './git-mirror.ts';

export interface SyncDeps {
  db: Database;
  blobs: BlobStore;
  preview: Pick<PreviewService, 'requestBuild'>;
  realtime: Realtime;
  connections: ConnectionService;
  api: GitHubApi;
  mirror: GitMirror;
  webUrl: string;
}

/** What a pull or an import reads at most (issue 15: large repositories are bounded). */
export const PULL_LIMITS = { maxFiles: 1500, maxFileBytes: 1024 * 1024, maxTotalBytes: 15 * 1024 * 1024 };

export interface ChatCodeHost {
  connection: CodeHostConnection;
  repo: { fullName: string; htmlUrl: string; defaultBranch: string | null } | null;
  lastSync: string | null;
  suggestedName: string;
  syncedVersion: number | null;
}

const NEW_REPO_RETRIES = 4;
const UP_TO_DATE = 'Already up-to-date: this version is on GitHub.';
const NO_CHANGES = 'No changes detected: the branch holds this version.';
const REMOTE_CHANGED =
  'GitHub has commits made since the last sync. Pull them first, or Override GitHub to replace them.';
const BAD_DATA =
  'GitHub sent repository data that git could not read (a damaged pack or missing objects), so nothing was changed. Try again later; if it keeps failing, the repository on GitHub may be damaged.';

/**
 * A branch name from a person or from GitHub, checked by git's rule before git sees it
 * (core/codehost/branch-name.ts): 422 `invalid-branch` otherwise. `whose` starts the message.
 */
function checkedBranch(name: string, whose: string): string {
  const check = checkBranchName(name);
  if (check.ok) return name;
  throw new ServiceError(
    422,
    'invalid-branch',
    `${whose} ${shownBranchName(name)} is not a valid branch name: ${check.reason}.`,
    { title: 'Invalid branch name' },
  );
}

/** The branch a linked chat syncs, checked (a refusal says where the name came from). */
function syncedBranch(chat: ChatRow, remote: { defaultBranch: string | null }): string {
  if (chat.githubBranch !== null) return checkedBranch(chat.githubBranch, 'The linked branch');
  if (remote.defaultBranch !== null) return checkedBranch(remote.defaultBranch, "GitHub's default branch");
  return 'main';
}

/** createGithubRepo, syncComponentToGithub, pullFromGithub and import (spec §7; issue 15). */
export function createSyncService(deps: SyncDeps) {
  const { db } = deps;

  /** Runs a GitHub or git call; a refused token marks the connection and says so (409). */
  /**
   * The remote's branches. A repository GitHub has just created can answer 404 for a moment
   * (eventual consistency): asked again a few times before it counts as missing.
   */
  async function remoteOf(url: string, auth: { token: string }) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await deps.mirror.remote(url, auth);
      } catch (error) {
        if (!(error instanceof GitError && error.kind === 'not-found') || attempt >= NEW_REPO_RETRIES)
          throw error;
        await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)));
      }
    }
  }

  async function withToken<T>(
    userId: string,
    run: (token: string, username: string) => Promise<T>,
  ): Promise<T> {
    const { token, username } = await deps.connections.token(userId);
    try {
      return await run(token, username);
    } catch (error) {
      const refused =
        (error instanceof GitHubError && error.kind === 'unauthorized') ||
        (error instanceof GitError && error.kind === 'auth');
      if (refused) {
        const reason =
          'GitHub refused the saved token (revoked, expired or without access). Connect GitHub again.';
        await deps.connections.markRefused(userId, reason);
        throw new ServiceError(409, 'codehost-not-connected', reason, { title: 'GitHub not connected' });
      }
      if (error instanceof GitHubError && error.kind === 'unavailable') {
        throw new ServiceError(502, 'codehost-unavailable', error.message, { title: 'GitHub unavailable' });
      }
      if (error instanceof GitError && (error.kind === 'network' || error.kind === 'timeout')) {
        throw new ServiceError(502, 'codehost-unavailable', error.message, { title: 'GitHub unavailable' });
      }
      // A failure of the remote, not Kiln's: git's own words go along as the detail.
      if (error instanceof GitError && error.kind === 'corrupt') {
        throw new ServiceError(502, 'codehost-bad-data', BAD_DATA, {
          title: 'GitHub sent bad data',
          detail: error.message,
        });
      }
      // The mirror checks every branch again (a name that reached it unchecked).
      if (error instanceof GitError && error.kind === 'invalid-ref') {
        throw new ServiceError(422, 'invalid-branch', `${error.message}.`, { title: 'Invalid branch name' });
      }
      throw error;
    }
  }

  function linked(chat: ChatRow) {
    if (!chat.githubRepoName || !chat.githubRepoUrl) {
      throw new ServiceError(409, 'no-repository', 'Create a repository for this component first.');
    }
    return {
      fullName: chat.githubRepoName,
      cloneUrl: `${chat.githubRepoUrl}.git`,
      branch: chat.githubBranch ?? 'main',
    };
  }

  async function status(viewer: RequestViewer, chat: ChatRow): Promise<ChatCodeHost> {
    const user = requireUser(viewer);
    return {
      connection: await deps.connections.view(user.id),
      repo:
        chat.githubRepoName && chat.githubRepoUrl
          ? { fullName: chat.githubRepoName, htmlUrl: chat.githubRepoUrl, defaultBranch: chat.githubBranch }
          : null,
      lastSync: chat.lastGithubSync?.toISOString() ?? null,
      suggestedName: defaultRepositoryName(chat),
      syncedVersion: chat.githubSyncedVersion,
    };
  }

  async function reload(chatId: string): Promise<ChatRow> {
    const [chat] = await db.select().from(chats).where(eq(chats.id, chatId)).limit(1);
    if (!chat) throw new ServiceError(404, 'not-found', 'Component not found');
    return chat;
  }

  /** A new version from files read off the code host (pull, import): both messages, then the build. */
  async function addVersion(chat: ChatRow, userId: string, snapshot: Snapshot, prompt: string, note: string) {
    const artifactCode = serializeSnapshot(snapshot);
    const [latest] = await db
      .select({ version: messages.version })
      .from(messages)
      .where(eq(messages.chatId, chat.id))
      .orderBy(desc(messages.version))
      .limit(1);
    const version = (latest?.version ?? 0) + 1;
    await db.insert(messages).values([
      {
        id: crypto.randomUUID(),
        chatId: chat.id,
        userId,
        role: 'user',
        version,
        content: prompt,
        isGithubPull: true,
      },
      {
        id: crypto.randomUUID(),
        chatId: chat.id,
        userId,
        role: 'assistant',
        version,
        content: `${note}\n\n${artifactCode}`,
        artifactCode,
        finishReason: 'stop',
        isGithubPull: true,
      },
    ]);
    await db
      .update(chats)
      .set({ artifactCode, updatedAt: sql`now()` })
      .where(eq(chats.id, chat.id));
    deps.realtime.publish({
      type: 'generation',
      chatId: chat.id,
      version,
      state: 'finished',
      finishReason: 'stop',
    });
    await deps.preview.requestBuild(chat.id, version).catch((error: unknown) => {
      console.error('Could not request the preview build', error);
    });
    return version;
  }

  const skippedNote = (skipped: readonly { path: string; reason: string }[]) =>
    skipped.length === 0
      ? ''
      : ` Left out: ${skipped
          .slice(0, 10)
          .map((file) => `${file.path} (${file.reason})`)
          .join(', ')}${skipped.length > 10 ? ` and ${skipped.length - 10} more` : ''}.`;

  return {
    async status(viewer: RequestViewer, chatId: string) {
      return status(viewer, await requireChat(db, viewer, chatId, 'syncCodeHost'));
    },

    async repos(viewer: RequestViewer) {
      const user = requireUser(viewer);
      return withToken(user.id, (token) => deps.api.repos(token));
    },

    /** createGithubRepo(chatId, repoName): private by default, no README (the first push is the first commit). */
    async createRepo(viewer: RequestViewer, chatId: string, input: { name: string; private: boolean }) {
      const chat = await requireChat(db, viewer, chatId, 'syncCodeHost');
      const user = requireUser(viewer);
      const checked = validateRepositoryName(input.name);
      if (!checked.ok) throw ServiceError.fromUserError(checked.error);
      const repo = await withToken(user.id, async (token) => {
        try {
          return await deps.api.createRepo(token, { name: checked.value, private: input.private });
        } catch (error) {
          if (error instanceof GitHubError && (error.kind === 'invalid' || error.kind === 'forbidden')) {
            throw new ServiceError(422, 'create-repository-failed', error.message, {
              title: 'Failed to create repository',
            });
          }
          throw error;
        }
      });
      await db
        .update(chats)
        .set({
          githubRepoName: repo.fullName,
          githubRepoUrl: repo.htmlUrl,
          githubBranch: repo.defaultBranch ?? 'main',
          githubHeadSha: null,
          githubSyncedVersion: null,
          updatedAt: sql`now()`,
        })
        .where(eq(chats.id, chat.id));
      return status(viewer, await reload(chat.id));
    },

    /**
     * syncComponentToGithub(chatId, version, force): one commit holding the version's project
     * (as the zip has it, `.env*` never), on the branch. Refused when GitHub has commits made
     * since the last sync, unless forced ('Override GitHub' — a lease on the head just seen).
     */
    async push(viewer: RequestViewer, chatId: string, input: { version: number; force: boolean }) {
      const chat = await requireChat(db, viewer, chatId, 'syncCodeHost');
      const user = requireUser(viewer);
      const repo = linked(chat);
      if (!input.force && chat.githubSyncedVersion !== null && input.version <= chat.githubSyncedVersion) {
        return {
          success: true,
          message: UP_TO_DATE,
          commit: chat.githubHeadSha,
          lastSync: chat.lastGithubSync?.toISOString() ?? null,
        };
      }
      const project = (await versionProjectFiles(db, deps.blobs, chat, input.version)).filter(
        (file) => !isEnvFile(file.name),
      );
      // GitHub takes workflow files only from a token with the `workflow` scope (Kiln asks for
      // `repo` alone): say so before pushing, rather than let the push fail obscurely. A
      // fine-grained token reports no scopes; GitHub decides for it.
      const connection = await deps.connections.view(user.id);
      const workflows = project.some((file) => file.name.startsWith('.github/workflows/'));
      if (workflows && connection.scopes.length > 0 && !connection.scopes.includes('workflow')) {
        throw new ServiceError(
          409,
          'workflow-scope-required',
          'This version holds GitHub Actions workflows (.github/workflows/), which GitHub accepts only from a token with the workflow scope. Connect GitHub with a token that has it.',
          { title: 'Push refused' },
        );
      }
      const [prompt] = await db
        .select({ content: messages.content })
        .from(messages)
        .where(
          and(eq(messages.chatId, chat.id), eq(messages.role, 'user'), eq(messages.version, input.version)),
        )
        .limit(1);
      const commit = await withToken(user.id, async (token, username) => {
        const auth = { token };
        const remote = await remoteOf(repo.cloneUrl, auth);
        const branch = syncedBranch(chat, remote);
        // Own keys only: a branch named `constructor` is no head of a plain object's.
        const remoteHead = Object.hasOwn(remote.heads, branch) ? remote.heads[branch]! : null;
        if (!input.force && remoteHead !== null && remoteHead !== chat.githubHeadSha) {
          throw new ServiceError(409, 'remote-changed', REMOTE_CHANGED, {
            title: 'GitHub has newer commits',
          });
        }
        // The parent must be in this machine's mirror (a restored data folder, another machine).
        if (remoteHead !== null && !(await deps.mirror.hasCommit(chat.id, remoteHead))) {
          await deps.mirror.fetch(chat.id, repo.cloneUrl, branch, auth, PULL_LIMITS);
        }
        const own =
          chat.githubHeadSha && (await deps.mirror.hasCommit(chat.id, chat.githubHeadSha))
            ? chat.githubHeadSha
            : remoteHead;
        const sha = await deps.mirror.commit(chat.id, {
          files: project.map((file) => ({ path: file.name, bytes: file.bytes ?? Buffer.from(file.content) })),
          message: versionCommitMessage(input.version, prompt?.content),
          author: { name: username, email: `${username}@users.noreply.github.com` },
          // A push continues the branch; an override replaces it from Kiln's own last commit.
          parent: input.force ? own : remoteHead,
        });
        try {
          await deps.mirror.push(
            chat.id,
            repo.cloneUrl,
            { commit: sha, branch, force: input.force, expectedHead: remoteHead },
            auth,
          );
        } catch (error) {
          if (error instanceof GitError && (error.kind === 'rejected' || error.kind === 'stale')) {
            throw new ServiceError(409, 'remote-changed', REMOTE_CHANGED, {
              title: 'GitHub has newer commits',
            });
          }
          throw error;
        }
        return { sha, branch };
      });
      const now = new Date();
      await db
        .update(chats)
        .set({
          githubHeadSha: commit.sha,
          githubBranch: commit.branch,
          githubSyncedVersion: input.version,
          lastGithubSync: now,
        })
        .where(eq(chats.id, chat.id));
      return {
        success: true,
        message: input.force
          ? `GitHub now holds version #${input.version}.`
          : `Version #${input.version} pushed to GitHub.`,
        commit: commit.sha,
        lastSync: now.toISOString(),
      };
    },

    /** pullFromGithub(chatId): the branch head as a new version (is_github_pull), newest selected. */
    async pull(viewer: RequestViewer, chatId: string) {
      const chat = await requireChat(db, viewer, chatId, 'syncCodeHost');
      const user = requireUser(viewer);
      const repo = linked(chat);
      const fetched = await withToken(user.id, async (token) => {
        const remote = await remoteOf(repo.cloneUrl, { token });
        const branch = syncedBranch(chat, remote);
        if (!Object.hasOwn(remote.heads, branch)) return null;
        return {
          branch,
          ...(await deps.mirror.fetch(chat.id, repo.cloneUrl, branch, { token }, PULL_LIMITS)),
        };
      });
      if (!fetched)
        return {
          success: true,
          message: 'No changes detected: the repository is empty.',
          version: null,
          skipped: [],
        };
      const latest = await findLatestAssistantMessage(db, chat.id);
      const current = latest?.artifactCode ? parseSnapshot(latest.artifactCode) : null;
      const head = fetched.files.map((file) => ({ path: file.path, content: file.content }));
      if (latest) {
        const project = await versionProjectFiles(db, deps.blobs, chat, latest.version);
        // The head is this version as pushed (completed with its template), or as imported (the
        // repository's own files, which the preview completes).
        const same =
          headMatchesProject(
            head,
            project.map((file) => ({
              name: file.name,
              content: file.content,
              binary: file.bytes !== undefined || file.blob !== undefined,
            })),
            isEnvFile,
          ) ||
          (current !== null &&
            headMatchesProject(
              head,
              current.files.map((file) => ({
                name: file.name,
                content: file.content,
                binary: file.binary !== undefined,
              })),
              isEnvFile,
            ));
        if (same) {
          await db
            .update(chats)
            .set({ githubHeadSha: fetched.head, githubBranch: fetched.branch, lastGithubSync: new Date() })
            .where(eq(chats.id, chat.id));
          return { success: true, message: NO_CHANGES, version: null, skipped: [] };
        }
      }
      const { snapshot, skipped } = pulledSnapshot({
        title: current?.title ?? chat.title ?? 'Untitled',
        head,
        skipped: fetched.skipped,
        current,
      });
      const version = await addVersion(
        chat,
        user.id,
        snapshot,
        `Pull from GitHub (${repo.fullName}@${fetched.branch})`,
        `Pulled ${fetched.head.slice(0, 7)} from ${repo.fullName}.${skippedNote(skipped)}`,
      );
      await db
        .update(chats)
        .set({
          githubHeadSha: fetched.head,
          githubBranch: fetched.branch,
          githubSyncedVersion: version,
          lastGithubSync: new Date(),
        })
        .where(eq(chats.id, chat.id));
      return { success: true, message: `Version #${version} pulled from GitHub.`, version, skipped };
    },

    /** Import: a repository's branch head becomes version 1 of a new chat linked to it. */
    async importRepository(viewer: RequestViewer, input: { repository: string; branch?: string | null }) {
      const user = requireUser(viewer);
      const ref = parseRepositoryInput(input.repository, deps.webUrl);
      if (!ref) {
        throw new ServiceError(
          400,
          'invalid-repository',
          'Enter a repository as owner/name or its GitHub address.',
        );
      }
      // A branch the person named is checked before anything is asked of GitHub or git.
      const asked = input.branch?.trim() || ref.branch;
      if (asked) checkedBranch(asked, 'The branch');
      const result = await withToken(user.id, async (token) => {
        let repo;
        try {
          repo = await deps.api.repo(token, ref.owner, ref.name);
        } catch (error) {
          if (error instanceof GitHubError && error.kind === 'not-found') {
            throw new ServiceError(
              404,
              'repository-not-found',
              `${ref.owner}/${ref.name} was not found (or is private to someone else).`,
            );
          }
          throw error;
        }
        const remote = await remoteOf(repo.cloneUrl, { token });
        const branch = asked
          ? asked
          : checkedBranch(remote.defaultBranch || repo.defaultBranch || 'main', "GitHub's default branch");
        if (!Object.hasOwn(remote.heads, branch)) {
          throw new ServiceError(
            404,
            'branch-not-found',
            `${repo.fullName} has no branch ${branch} (or is empty).`,
          );
        }
        const key = `import-${crypto.randomUUID()}`;
        return {
          repo,
          branch,
          ...(await deps.mirror.fetch(key, repo.cloneUrl, branch, { token }, PULL_LIMITS)),
        };
      });
      const head = result.files.map((file) => ({ path: file.path, content: file.content }));
      const framework = detectFramework(head);
      const chat = await createChat(db, {
        userId: user.id,
        framework,
        slugSource: result.repo.name,
        title: result.repo.name,
      });
      const { snapshot, skipped } = pulledSnapshot({
        title: result.repo.name,
        head,
        skipped: result.skipped,
        current: null,
      });
      await db
        .update(chats)
        .set({
          githubRepoName: result.repo.fullName,
          githubRepoUrl: result.repo.htmlUrl,
          githubBranch: result.branch,
          githubHeadSha: result.head,
          githubSyncedVersion: 1,
          lastGithubSync: new Date(),
        })
        .where(eq(chats.id, chat.id));
      await addVersion(
        { ...chat },
        user.id,
        snapshot,
        `Import from GitHub (${result.repo.fullName}@${result.branch})`,
        `Imported ${result.head.slice(0, 7)} from ${result.repo.fullName}.${skippedNote(skipped)}`,
      );
      return { chatId: chat.id, slug: chat.slug, skipped };
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;
