import { ExternalLink, FolderGit2, GitBranch } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { LinkedRepo } from '../../../lib/codehost-types.ts';
import { LastSynced } from './last-synced.tsx';

interface LinkedRepositoryProps {
  username: string;
  repo: LinkedRepo;
  lastSync: string | null;
}

/** Spec §2: 'Connected to {code host}', the repository name, 'View Repo' and 'Last synced:'. */
export function LinkedRepository({ username, repo, lastSync }: LinkedRepositoryProps) {
  return (
    <section aria-label="Repository" className="flex flex-col gap-3 rounded-xl border bg-card p-3">
      <p className="flex items-center gap-2 text-[13px] font-semibold">
        <span className="relative flex size-2" aria-hidden="true">
          <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
        </span>
        Connected to GitHub
        <span className="ml-auto truncate font-normal text-muted-foreground">as {username}</span>
      </p>
      <div className="flex min-w-0 items-start gap-2.5">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted"
          aria-hidden="true"
        >
          <FolderGit2 className="size-4" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="font-mono text-sm font-medium [overflow-wrap:anywhere]">{repo.fullName}</p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[13px] text-muted-foreground">
            {repo.defaultBranch ? (
              <Badge variant="outline" className="font-mono font-normal">
                <GitBranch aria-hidden="true" />
                {repo.defaultBranch}
              </Badge>
            ) : null}
            <LastSynced lastSync={lastSync} />
          </p>
        </div>
      </div>
      <Button asChild variant="outline" size="sm" className="self-start">
        <a href={repo.htmlUrl} target="_blank" rel="noreferrer">
          View Repo <ExternalLink aria-hidden="true" className="opacity-70" />
        </a>
      </Button>
    </section>
  );
}
