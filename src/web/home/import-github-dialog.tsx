import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FolderGit2, Globe, Lock } from 'lucide-react';
import { toast } from 'sonner';
import { useSession } from '../auth/use-session.ts';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import {
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from '../components/ui/dialog.tsx';
import { describedBy, FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { ApiError } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { connectionQueryOptions, reposQueryOptions, useImportRepository } from '../lib/codehost-queries.ts';
import type { CodeHostRepoListItem } from '../lib/codehost-types.ts';
import { asSentence } from '../lib/sentence.ts';
import { describeSkippedFiles } from '../lib/skipped-files.ts';
import { filterRepositories, parseRepositoryInput } from './repository-input.ts';

/**
 * 'Import from GitHub' (issue 15): one of the connected user's repositories, or any public
 * repository's address, and optionally a branch; its head becomes version 1 of a new chat,
 * linked to the repository. Signed out: a sign-in prompt; not connected: a link to /account.
 */
export function ImportGithubDialogContent() {
  const { user } = useSession();
  return (
    <DialogContent className="max-w-lg">
      <DialogHeader>
        <DialogIcon>
          <FolderGit2 />
        </DialogIcon>
        <DialogTitle>Import from GitHub</DialogTitle>
        <DialogDescription>
          A repository&apos;s latest commit becomes the first version of a new component, linked to the
          repository so you can push and pull at once.
        </DialogDescription>
      </DialogHeader>
      {user ? <ImportForm userId={user.id} /> : <SignInPrompt />}
    </DialogContent>
  );
}

function SignInPrompt() {
  return (
    <div className="grid gap-4">
      <p className="text-sm">Sign in to import a repository.</p>
      <DialogFooter>
        <Button asChild variant="outline">
          <Link to="/signup">Create an account</Link>
        </Button>
        <Button asChild>
          <Link to="/login?next=%2F">Sign in</Link>
        </Button>
      </DialogFooter>
    </div>
  );
}

function ImportForm({ userId }: { userId: string }) {
  const id = useId();
  const navigate = useNavigate();
  const connection = useQuery(connectionQueryOptions(userId));
  const isConnected = connection.data?.connected === true && connection.data.problem === null;
  const repos = useQuery(reposQueryOptions(userId, isConnected));
  const importRepository = useImportRepository();

  const [text, setText] = useState('');
  const [branch, setBranch] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const shown = useMemo(() => filterRepositories(repos.data ?? [], text), [repos.data, text]);
  const parsed = parseRepositoryInput(text);
  const chosen = parsed.ok
    ? repos.data?.find((repo) => repo.fullName.toLowerCase() === parsed.fullName.toLowerCase())
    : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React's events cross portals: a form around the dialog's trigger must not submit too.
    event.stopPropagation();
    if (!parsed.ok) {
      setFieldError(parsed.message);
      return;
    }
    setFieldError(null);
    const trimmedBranch = branch.trim();
    importRepository.mutate(
      { repository: parsed.repository, ...(trimmedBranch ? { branch: trimmedBranch } : {}) },
      {
        onSuccess: (result) => {
          toast.success('Repository imported', {
            description:
              describeSkippedFiles(result.skipped) ?? `${parsed.fullName} is version 1 of a new component.`,
            ...(result.skipped.length > 0 ? { duration: 10_000 } : {}),
          });
          void navigate(`/components/${encodeURIComponent(result.slug)}`);
        },
      },
    );
  };

  const fieldId = `${id}-repository`;
  const branchId = `${id}-branch`;
  const listId = `${id}-repos`;
  const failure = importRepository.error;
  const isBusy = importRepository.isPending;
  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {connection.isPending ? (
        <Skeleton className="h-10" />
      ) : !isConnected ? (
        <p className="rounded-lg bg-muted/60 px-3 py-2.5 text-[13px] leading-snug">
          {connection.data?.problem
            ? `GitHub refused the saved connection: ${asSentence(connection.data.problem)} `
            : null}
          <Link to="/account" className="font-medium underline underline-offset-2">
            Connect GitHub on your Account page
          </Link>{' '}
          to list your repositories. A public repository&apos;s address works without it.
        </p>
      ) : null}

      <FormField
        id={fieldId}
        label="Repository"
        error={fieldError}
        hint="Search your repositories, or paste any public repository's address."
      >
        <Input
          id={fieldId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (fieldError) setFieldError(null);
            if (importRepository.isError) importRepository.reset();
          }}
          placeholder="owner/name or https://github.com/owner/name"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={isBusy}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={describedBy(fieldId, fieldError, true)}
          aria-controls={isConnected ? listId : undefined}
        />
      </FormField>

      {isConnected ? (
        <RepositoryList
          id={listId}
          repos={shown}
          isLoading={repos.isPending}
          error={repos.isError ? repos.error.message : null}
          isFiltered={text.trim() !== ''}
          chosen={chosen?.fullName ?? null}
          onChoose={(repo) => {
            setText(repo.fullName);
            setFieldError(null);
          }}
          disabled={isBusy}
        />
      ) : null}

      <FormField
        id={branchId}
        label="Branch (optional)"
        hint="Its latest commit is imported; empty means the default branch."
      >
        <Input
          id={branchId}
          value={branch}
          onChange={(event) => setBranch(event.target.value)}
          placeholder={(parsed.ok ? parsed.branch : null) ?? chosen?.defaultBranch ?? 'main'}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          disabled={isBusy}
          aria-describedby={describedBy(branchId, null, true)}
        />
      </FormField>

      {failure ? (
        <ErrorAlert>
          <p className="font-medium">
            {failure instanceof ApiError && failure.title ? failure.title : 'Import failed'}
          </p>
          <p className="mt-0.5">
            {failure.message}
            {failure instanceof ApiError && failure.status === 402 ? (
              <>
                {' '}
                <Link to="/pricing" className="font-medium underline underline-offset-2">
                  See plans
                </Link>
              </>
            ) : null}
          </p>
        </ErrorAlert>
      ) : null}

      <DialogFooter>
        <Button type="submit" disabled={isBusy} aria-busy={isBusy || undefined}>
          {isBusy ? <Spinner /> : <FolderGit2 aria-hidden="true" />}
          {isBusy ? 'Importing...' : 'Import'}
        </Button>
      </DialogFooter>
    </form>
  );
}

interface RepositoryListProps {
  id: string;
  repos: readonly CodeHostRepoListItem[];
  isLoading: boolean;
  error: string | null;
  isFiltered: boolean;
  chosen: string | null;
  onChoose: (repo: CodeHostRepoListItem) => void;
  disabled: boolean;
}

/** The connected user's repositories, filtered by the field; choosing one fills it. */
function RepositoryList({
  id,
  repos,
  isLoading,
  error,
  isFiltered,
  chosen,
  onChoose,
  disabled,
}: RepositoryListProps) {
  if (isLoading) {
    return (
      <div className="grid gap-1.5" role="status" aria-label="Loading your repositories">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
    );
  }
  if (error)
    return <p className="text-[13px] text-destructive">Your repositories could not be listed: {error}</p>;
  if (repos.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-3 py-3 text-center text-[13px] text-muted-foreground">
        {isFiltered
          ? 'None of your repositories matches. A public address is imported as it is.'
          : 'No repositories in your account yet.'}
      </p>
    );
  }
  return (
    <ul
      id={id}
      aria-label="Your repositories"
      className="grid max-h-56 gap-1 overflow-y-auto rounded-lg border p-1"
    >
      {repos.map((repo) => {
        const isChosen = repo.fullName === chosen;
        return (
          <li key={repo.fullName}>
            <button
              type="button"
              aria-pressed={isChosen}
              disabled={disabled}
              onClick={() => onChoose(repo)}
              className={cn(
                'flex w-full min-w-0 items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm transition-colors hover:bg-accent disabled:opacity-60',
                isChosen && 'bg-accent ring-1 ring-foreground/15',
              )}
            >
              {repo.private ? (
                <Lock aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
              ) : (
                <Globe aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
              )}
              <span className="min-w-0 flex-1 truncate font-mono text-[13px]">{repo.fullName}</span>
              <span className="sr-only">{repo.private ? ', private' : ', public'}</span>
              <span className="shrink-0 text-xs text-muted-foreground">{repo.defaultBranch}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
