/**
 * The fake's repositories: real bare repositories under one folder (`{root}/{owner}/{name}.git`,
 * the layout `git http-backend` serves), and the edits a person would make on GitHub's web page
 * (a commit straight onto a branch), done with git's plumbing and a throwaway index.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { git, gitBuffer } from './git-cli.ts';

export interface FakeRepository {
  id: number;
  owner: string;
  name: string;
  private: boolean;
  /** The branch HEAD names (GitHub's default_branch), also for an empty repository. */
  defaultBranch: string;
  createdAt: string;
  /** Requests (REST or git) still answered 404, as GitHub does just after creating it. */
  hiddenFor: number;
  /** The bare repository on disk. */
  gitDir: string;
}

/** A file of a direct commit: text or bytes; null deletes it. */
export type DirectFileContent = string | Uint8Array | null;

export class RepositoryStore {
  private readonly repos = new Map<string, FakeRepository>();
  private nextId = 1000;

  constructor(
    readonly root: string,
    private readonly home: string,
  ) {}

  static key(owner: string, name: string): string {
    return `${owner}/${name}`.toLowerCase();
  }

  find(owner: string, name: string): FakeRepository | undefined {
    return this.repos.get(RepositoryStore.key(owner, name));
  }

  list(): FakeRepository[] {
    return [...this.repos.values()];
  }

  async create(
    owner: string,
    name: string,
    options: { private: boolean; defaultBranch: string; autoInit: boolean; hiddenFor: number },
  ): Promise<FakeRepository> {
    const gitDir = path.join(this.root, owner, `${name}.git`);
    await fs.mkdir(path.dirname(gitDir), { recursive: true });
    await git(['init', '--bare', '--quiet', `--initial-branch=${options.defaultBranch}`, gitDir], {
      home: this.home,
    });
    const repo: FakeRepository = {
      id: this.nextId++,
      owner,
      name,
      private: options.private,
      defaultBranch: options.defaultBranch,
      createdAt: new Date().toISOString(),
      hiddenFor: options.hiddenFor,
      gitDir,
    };
    this.repos.set(RepositoryStore.key(owner, name), repo);
    if (options.autoInit) {
      await this.commit(repo, options.defaultBranch, { 'README.md': `# ${name}\n` }, 'Initial commit');
    }
    return repo;
  }

  async setDefaultBranch(repo: FakeRepository, branch: string): Promise<void> {
    await git(['symbolic-ref', 'HEAD', `refs/heads/${branch}`], { gitDir: repo.gitDir, home: this.home });
    repo.defaultBranch = branch;
  }

  async head(repo: FakeRepository, branch: string): Promise<string | null> {
    try {
      const { stdout } = await git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`], {
        gitDir: repo.gitDir,
        home: this.home,
      });
      return stdout.trim() || null;
    } catch {
      return null;
    }
  }

  async branches(repo: FakeRepository): Promise<Record<string, string>> {
    const { stdout } = await git(
      ['for-each-ref', '--format=%(refname:strip=2) %(objectname)', 'refs/heads/'],
      {
        gitDir: repo.gitDir,
        home: this.home,
      },
    );
    const heads: Record<string, string> = {};
    for (const line of stdout.split('\n').filter(Boolean)) {
      const at = line.lastIndexOf(' ');
      heads[line.slice(0, at)] = line.slice(at + 1);
    }
    return heads;
  }

  /** Every file of `ref` with its bytes (what a person would see on GitHub). */
  async files(repo: FakeRepository, ref: string): Promise<Map<string, { bytes: Buffer; mode: string }>> {
    const { stdout } = await git(['ls-tree', '-r', '-z', ref], { gitDir: repo.gitDir, home: this.home });
    const files = new Map<string, { bytes: Buffer; mode: string }>();
    for (const entry of stdout.split('\0').filter(Boolean)) {
      const tab = entry.indexOf('\t');
      const [mode, type, sha] = entry.slice(0, tab).split(' ');
      if (type !== 'blob' || !sha || !mode) continue;
      const { stdout: blob } = await gitBuffer(['cat-file', 'blob', sha], {
        gitDir: repo.gitDir,
        home: this.home,
      });
      files.set(entry.slice(tab + 1), { bytes: blob, mode });
    }
    return files;
  }

  /**
   * A commit made "on GitHub": `files` are added, changed or (null) deleted on top of the
   * branch's head (or a first commit on an empty branch); returns the new head.
   */
  async commit(
    repo: FakeRepository,
    branch: string,
    files: Record<string, DirectFileContent>,
    message: string,
    author = { name: 'GitHub Web', email: 'noreply@github.test' },
  ): Promise<string> {
    const index = path.join(this.home, `index-${randomUUID()}`);
    const env = { GIT_INDEX_FILE: index };
    const run = (args: string[], input?: Uint8Array | string) =>
      git(args, { gitDir: repo.gitDir, home: this.home, env, input });
    try {
      const parent = await this.head(repo, branch);
      await run(parent ? ['read-tree', parent] : ['read-tree', '--empty']);
      for (const [filePath, content] of Object.entries(files)) {
        if (content === null) {
          await run(['update-index', '--force-remove', '--', filePath]);
          continue;
        }
        const { stdout } = await run(['hash-object', '-w', '--stdin'], content);
        await run(['update-index', '--add', '--cacheinfo', `100644,${stdout.trim()},${filePath}`]);
      }
      const tree = (await run(['write-tree'])).stdout.trim();
      const { stdout } = await git(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', message], {
        gitDir: repo.gitDir,
        home: this.home,
        env: {
          GIT_AUTHOR_NAME: author.name,
          GIT_AUTHOR_EMAIL: author.email,
          GIT_COMMITTER_NAME: 'GitHub',
          GIT_COMMITTER_EMAIL: 'noreply@github.test',
        },
      });
      const commit = stdout.trim();
      await run(['update-ref', `refs/heads/${branch}`, commit, parent ?? '']);
      return commit;
    } finally {
      await fs.rm(index, { force: true });
    }
  }
}
