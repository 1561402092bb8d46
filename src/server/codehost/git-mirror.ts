/**
 * The git transport of code-hosting sync (issue 15): one bare repository per chat under `root`,
 * commits built from a snapshot without a work tree, pushes (plain, or forced with a lease on the
 * last seen head), fetches read back as files. Everything is the system `git`, run without a
 * shell and time-bounded; the token travels only in the environment of the command that needs it
 * (git-env.ts) and is redacted from anything git prints (git-redact.ts). Nothing from a person or
 * the remote can be read by git as an option: a branch name passes git's own rule
 * (core/codehost/branch-name.ts, no leading `-`) before any command runs, the remote's URL comes
 * after `--`, and a ref on a command line always starts with `refs/`, `+refs/` or a commit id.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkBranchName, shownBranchName } from '../../core/codehost/branch-name.ts';
import { gitEnvironment, type GitAuth } from './git-env.ts';
import { classifyRemoteFailure, GitError, summarizeStderr, type GitErrorKind } from './git-errors.ts';
import { checkTreePaths, fastImportStream, type CommitInput } from './git-fast-import.ts';
import { runGit, type GitOutcome } from './git-process.ts';
import { redact } from './git-redact.ts';
import {
  CatFileBatchParser,
  parseLsTree,
  planRead,
  TreeCollector,
  type ReadFile,
  type SkippedFile,
  type TreeLimits,
} from './git-tree-reader.ts';

export type { GitAuth } from './git-env.ts';
export { GitError, type GitErrorKind } from './git-errors.ts';
export type { TreeFile } from './git-fast-import.ts';
export type { TreeLimits } from './git-tree-reader.ts';

export interface GitMirrorOptions {
  /** `{KILN_DATA_DIR}/git`: holds `{key}.git` per chat and git's empty home. */
  root: string;
  /** Wall-clock limit of each git command (default 60 s); the command is killed past it. */
  timeoutMs?: number;
  log?: (line: string) => void;
  /** Waits before each retry of a transient failure (default 0.5 s then 2 s: two retries). */
  retryDelaysMs?: number[];
  /** Default `git` from PATH. */
  gitBinary?: string;
}

export interface RemoteState {
  /** The branch the remote's HEAD names; null for an empty repository. */
  defaultBranch: string | null;
  heads: Record<string, string>;
}

export interface PushInput {
  commit: string;
  branch: string;
  force: boolean;
  /** Forced pushes only: the head the branch must still have (null: it must not exist). */
  expectedHead: string | null;
}

export interface FetchResult {
  head: string;
  files: ReadFile[];
  skipped: SkippedFile[];
}

const KEY = /^[A-Za-z0-9_-]{1,100}$/;
const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const FETCHED_REF = 'refs/kiln/fetched';
const HOME_FOLDER = '.git-home';

export class GitMirror {
  private readonly root: string;
  private readonly timeoutMs: number;
  private readonly log: (line: string) => void;
  private readonly retryDelaysMs: number[];
  private readonly gitBinary: string;
  /** Commands on one chat's repository run one at a time (refs are rewritten in place). */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(options: GitMirrorOptions) {
    this.root = path.resolve(options.root);
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.log = options.log ?? (() => {});
    this.retryDelaysMs = options.retryDelaysMs ?? [500, 2000];
    this.gitBinary = options.gitBinary ?? 'git';
  }

  /** The bare repository of `key` (it may not exist yet). */
  repositoryPath(key: string): string {
    return path.join(this.root, `${checkedKey(key)}.git`);
  }

  /** HEAD's branch and every branch head of the remote (ls-remote --symref). */
  async remote(url: string, auth: GitAuth): Promise<RemoteState> {
    const remoteUrl = checkedUrl(url);
    const outcome = await this.withRetries('ls-remote', () =>
      this.remoteCommand(
        'ls-remote',
        ['ls-remote', '--symref', '--', remoteUrl, 'HEAD', 'refs/heads/*'],
        auth,
        null,
      ),
    );
    const entries: [string, string][] = [];
    let headTarget: string | null = null;
    for (const line of outcome.stdout.toString('utf8').split('\n')) {
      const [left = '', name = ''] = line.split('\t');
      const symref = /^ref: refs\/heads\/(.+)$/.exec(left);
      if (symref && name === 'HEAD') headTarget = symref[1] ?? null;
      else if (SHA.test(left) && name.startsWith('refs/heads/'))
        entries.push([name.slice('refs/heads/'.length), left]);
    }
    // fromEntries: a branch named `__proto__` stays a branch.
    const heads: Record<string, string> = Object.fromEntries(entries);
    // An empty repository may still name an unborn HEAD; with no branch there is no default yet.
    const defaultBranch = headTarget !== null && Object.hasOwn(heads, headTarget) ? headTarget : null;
    return { defaultBranch, heads };
  }

  /** A commit holding exactly `files` on `parent` (or a root commit) in the repository `key`. */
  async commit(key: string, input: CommitInput): Promise<string> {
    checkTreePaths(input.files);
    if (input.parent !== null) checkedSha(input.parent);
    return this.serialized(key, async (gitDir) => {
      if (input.parent !== null && !(await this.hasCommitIn(gitDir, input.parent))) {
        throw new GitError('not-found', `The parent commit ${input.parent} is not in the mirror`);
      }
      const outcome = await this.local(gitDir, 'fast-import', {
        args: ['fast-import', '--quiet', '--done', '--force', '--date-format=raw'],
        input: fastImportStream(input),
      });
      const sha = outcome.stdout.toString('utf8').trim();
      if (!SHA.test(sha)) throw new GitError('failed', 'git fast-import did not report the commit');
      return sha;
    });
  }

  /** Pushes `commit` to refs/heads/{branch}; plain pushes fast-forward only, forced ones hold a lease. */
  async push(key: string, url: string, input: PushInput, auth: GitAuth): Promise<void> {
    const remoteUrl = checkedUrl(url);
    const commit = checkedSha(input.commit);
    if (input.expectedHead !== null) checkedSha(input.expectedHead);
    const ref = `refs/heads/${checkedBranch(input.branch)}`;
    await this.serialized(key, async (gitDir) => {
      const args = ['push', '--porcelain', '--no-verify'];
      if (input.force) args.push(`--force-with-lease=${ref}:${input.expectedHead ?? ''}`);
      args.push('--', remoteUrl, `${commit}:${ref}`);
      // Retrying is safe: a push whose first try landed after all finds the branch at `commit`
      // already, which git reports as up to date before it looks at the lease.
      await this.withRetries('push', () =>
        this.remoteCommand('push', args, auth, gitDir, (outcome) => this.pushFailure(outcome, auth)),
      );
    });
  }

  /** Fetches refs/heads/{branch} and reads its files within `limits`. */
  async fetch(
    key: string,
    url: string,
    branch: string,
    auth: GitAuth,
    limits: TreeLimits,
  ): Promise<FetchResult> {
    const remoteUrl = checkedUrl(url);
    const ref = `refs/heads/${checkedBranch(branch)}`;
    checkLimits(limits);
    return this.serialized(key, async (gitDir) => {
      await this.withRetries('fetch', () =>
        this.remoteCommand(
          'fetch',
          [
            'fetch',
            '--no-tags',
            '--no-write-fetch-head',
            '--no-recurse-submodules',
            '--',
            remoteUrl,
            `+${ref}:${FETCHED_REF}`,
          ],
          auth,
          gitDir,
        ),
      );
      const head = checkedSha(
        (
          await this.local(gitDir, 'rev-parse', {
            args: ['rev-parse', '--verify', `${FETCHED_REF}^{commit}`],
          })
        ).stdout
          .toString('utf8')
          .trim(),
      );
      const { files, skipped } = await this.readTree(gitDir, head, limits);
      return { head, files, skipped };
    });
  }

  /** Whether `ancestor` is an ancestor of (or equal to) `descendant`; both must be in the mirror. */
  async isAncestor(key: string, ancestor: string, descendant: string): Promise<boolean> {
    checkedSha(ancestor);
    checkedSha(descendant);
    return this.serialized(key, async (gitDir) => {
      for (const sha of [ancestor, descendant]) {
        if (!(await this.hasCommitIn(gitDir, sha))) {
          throw new GitError('not-found', `The commit ${sha} is not in the mirror`);
        }
      }
      const outcome = await this.local(gitDir, 'merge-base', {
        args: ['merge-base', '--is-ancestor', ancestor, descendant],
        allowFailure: true,
      });
      if (outcome.exitCode === 0) return true;
      if (outcome.exitCode === 1) return false;
      throw new GitError('failed', `git merge-base failed: ${summarizeStderr(outcome.stderr)}`);
    });
  }

  /** Whether the mirror of `key` holds the commit `sha` (e.g. the last synced one). */
  async hasCommit(key: string, sha: string): Promise<boolean> {
    checkedSha(sha);
    return this.serialized(key, (gitDir) => this.hasCommitIn(gitDir, sha));
  }

  private async readTree(
    gitDir: string,
    head: string,
    limits: TreeLimits,
  ): Promise<Omit<FetchResult, 'head'>> {
    const listing = await this.local(gitDir, 'ls-tree', {
      args: ['ls-tree', '-r', '-l', '-z', '--full-tree', '--', head],
    });
    const entries = parseLsTree(listing.stdout);
    const { toRead, skipped } = planRead(entries, limits);
    const collector = new TreeCollector(limits);
    if (toRead.length) {
      const parser = new CatFileBatchParser((index, _sha, bytes) => {
        const entry = toRead[index];
        if (entry) collector.accept(entry, bytes);
      });
      await this.local(gitDir, 'cat-file', {
        args: ['cat-file', '--batch'],
        input: toRead.map((entry) => `${entry.sha}\n`).join(''),
        onStdout: (chunk) => parser.push(chunk),
      });
      if (parser.count !== toRead.length) throw new GitError('failed', 'git cat-file ended early');
    }
    // Skipped files in tree order, whichever step skipped them.
    const reasons = new Map([...skipped, ...collector.skippedByPath]);
    const skippedList = entries
      .filter((entry) => reasons.has(entry.path))
      .map((entry) => ({ path: entry.path, reason: reasons.get(entry.path) ?? '' }));
    return { files: collector.files, skipped: skippedList };
  }

  private pushFailure(outcome: GitOutcome, auth: GitAuth): GitError {
    if (outcome.timedOut) return this.remoteFailure('push', outcome, auth);
    // --porcelain: `!<TAB><from>:<to><TAB>[rejected] (<reason>)` for a refused ref.
    const refused = outcome.stdout
      .toString('utf8')
      .split('\n')
      .find((line) => line.startsWith('!'));
    if (refused) {
      const summary = redact(refused.split('\t').slice(2).join(' ').trim(), auth.token);
      const kind: GitErrorKind = /stale info/.test(refused) ? 'stale' : 'rejected';
      const why =
        kind === 'stale'
          ? 'the branch is no longer at the expected head'
          : 'the branch has commits that the pushed commit does not contain';
      return new GitError(kind, `git push was refused: ${why} (${summary})`);
    }
    return this.remoteFailure('push', outcome, auth);
  }

  private remoteFailure(operation: string, outcome: GitOutcome, auth: GitAuth | null): GitError {
    const stderr = redact(outcome.stderr, auth?.token);
    if (outcome.timedOut)
      return new GitError('timeout', `git ${operation} timed out after ${this.timeoutMs} ms`);
    const kind = classifyRemoteFailure(stderr);
    return new GitError(kind, `git ${operation} failed (${kind}): ${summarizeStderr(stderr)}`);
  }

  /** A command that talks to a remote: the token in its environment, its failures classified. */
  private async remoteCommand(
    operation: string,
    args: string[],
    auth: GitAuth,
    gitDir: string | null,
    describeFailure: (outcome: GitOutcome) => GitError = (outcome) =>
      this.remoteFailure(operation, outcome, auth),
  ): Promise<GitOutcome> {
    const home = await this.home();
    const env = gitEnvironment(home, auth);
    if (gitDir) env.GIT_DIR = gitDir;
    const started = performance.now();
    const outcome = await runGit(this.gitBinary, { args, cwd: home, env, timeoutMs: this.timeoutMs });
    const ms = Math.round(performance.now() - started);
    const target = redact(args.find((arg) => /^https?:\/\//.test(arg)) ?? '', auth.token);
    if (outcome.exitCode === 0 && !outcome.timedOut) {
      this.log(`git ${operation} ${target}: ok in ${ms} ms`);
      return outcome;
    }
    const failure = describeFailure(outcome);
    this.log(`git ${operation} ${target}: ${failure.kind} after ${ms} ms: ${failure.message}`);
    throw failure;
  }

  /** A command on the local bare repository (no token, no network). */
  private async local(
    gitDir: string,
    operation: string,
    command: {
      args: string[];
      input?: Uint8Array | string;
      onStdout?: (chunk: Buffer) => void;
      allowFailure?: boolean;
    },
  ): Promise<GitOutcome> {
    const home = await this.home();
    const env = gitEnvironment(home);
    env.GIT_DIR = gitDir;
    const outcome = await runGit(this.gitBinary, {
      args: command.args,
      cwd: home,
      env,
      input: command.input,
      onStdout: command.onStdout,
      timeoutMs: this.timeoutMs,
    });
    if (outcome.timedOut)
      throw new GitError('timeout', `git ${operation} timed out after ${this.timeoutMs} ms`);
    if (outcome.exitCode !== 0 && !command.allowFailure) {
      const message = `git ${operation} failed: ${summarizeStderr(redact(outcome.stderr))}`;
      this.log(message);
      throw new GitError('failed', message);
    }
    return outcome;
  }

  private async hasCommitIn(gitDir: string, sha: string): Promise<boolean> {
    const outcome = await this.local(gitDir, 'cat-file', {
      args: ['cat-file', '-e', `${sha}^{commit}`],
      allowFailure: true,
    });
    return outcome.exitCode === 0;
  }

  private async withRetries(operation: string, run: () => Promise<GitOutcome>): Promise<GitOutcome> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await run();
      } catch (error) {
        const delay = this.retryDelaysMs[attempt];
        if (!(error instanceof GitError) || error.kind !== 'network' || delay === undefined) throw error;
        this.log(`git ${operation}: retrying in ${delay} ms (${error.message})`);
        await sleep(delay);
      }
    }
  }

  /** Runs `task` after every earlier task on the same repository, creating the repository first. */
  private serialized<T>(key: string, task: (gitDir: string) => Promise<T>): Promise<T> {
    const gitDir = this.repositoryPath(key);
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.then(
      async () => {
        await this.ensureRepository(gitDir);
        return task(gitDir);
      },
      async () => {
        await this.ensureRepository(gitDir);
        return task(gitDir);
      },
    );
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return run;
  }

  private async ensureRepository(gitDir: string): Promise<void> {
    try {
      await fs.access(path.join(gitDir, 'HEAD'));
      return;
    } catch {
      // Not there yet.
    }
    await fs.mkdir(this.root, { recursive: true });
    const home = await this.home();
    const outcome = await runGit(this.gitBinary, {
      // No template: no sample hooks, nothing but what git needs.
      args: ['init', '--bare', '--quiet', '--template=', gitDir],
      cwd: home,
      env: gitEnvironment(home),
      timeoutMs: this.timeoutMs,
    });
    if (outcome.exitCode !== 0) {
      throw new GitError('failed', `git init failed: ${summarizeStderr(outcome.stderr)}`);
    }
  }

  /**
   * An empty folder for HOME: git finds no user config, no credentials, no hooks there. Made again
   * when it went missing (the mirror folder deleted or restored without it): a missing cwd would
   * make every git command fail to start.
   */
  private async home(): Promise<string> {
    const home = path.join(this.root, HOME_FOLDER);
    await fs.mkdir(home, { recursive: true });
    return home;
  }
}

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new GitError('failed', 'Invalid mirror key');
  return key;
}

/** Git's own rule for branch names (no leading `-`, `..`, `:`, spaces, control characters…). */
function checkedBranch(branch: string): string {
  const check = checkBranchName(branch);
  if (!check.ok) {
    throw new GitError('invalid-ref', `Invalid branch name ${shownBranchName(branch)}: ${check.reason}`);
  }
  return branch;
}

function checkedSha(sha: string): string {
  if (!SHA.test(sha)) throw new GitError('failed', `Invalid commit id: ${JSON.stringify(sha.slice(0, 80))}`);
  return sha;
}

/** Only http(s) remotes, and never one carrying credentials (the token goes in a header). */
function checkedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new GitError('failed', 'Invalid remote URL');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new GitError('failed', 'Only http(s) remotes are supported');
  }
  if (parsed.username || parsed.password) {
    throw new GitError('failed', 'A remote URL must not carry credentials');
  }
  return parsed.toString();
}

function checkLimits(limits: TreeLimits): void {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 0) throw new GitError('failed', `Invalid limit ${name}`);
  }
}
