import { useId, useState, type FormEvent } from 'react';
import { FolderGit2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  defaultRepositoryName,
  validateRepositoryName,
} from '../../../../core/validation/repository-name.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCreateRepository } from '../../data/use-codehost-mutations.ts';
import { useEditor } from '../../state/editor-context.ts';
import { showSyncToast } from './show-sync-toast.ts';
import { syncFailureToast } from './sync-toasts.ts';
import { VisibilityChoice } from './visibility-choice.tsx';

/** GitHub's own limit on a repository name. */
const MAX_NAME_LENGTH = 100;

/**
 * Spec §2: 'Connected, no repository: create-repository form showing '{code host
 * username}/{repository name}''. The name starts from core's default (spec §5), the repository
 * is private unless the user picks public.
 */
export function CreateRepositoryForm({ username }: { username: string }) {
  const { slug, chatId, data } = useEditor();
  const id = useId();
  const [name, setName] = useState(() => defaultRepositoryName(data.chat));
  const [isPrivate, setIsPrivate] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateRepository(slug, chatId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRepositoryName(name);
    if (!checked.ok) {
      setError(checked.error.message);
      showSyncToast({ tone: 'error', title: checked.error.title, description: checked.error.message });
      return;
    }
    setError(null);
    create.mutate(
      { name: checked.value, private: isPrivate },
      {
        onSuccess: (result) =>
          toast.success('Repository created', {
            description: result.repo
              ? `${result.repo.fullName} is ready. Push a version to fill it.`
              : undefined,
          }),
        onError: (failure) => showSyncToast(syncFailureToast('create', failure)),
      },
    );
  };

  const fieldId = `${id}-name`;
  const statusId = `${id}-status`;
  const trimmed = name.trim();
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId}>Repository name</Label>
        <div
          className={cn(
            'flex h-10 min-w-0 items-center rounded-lg border border-input bg-background shadow-xs transition-[box-shadow,border-color]',
            'focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/25',
            error && 'border-destructive focus-within:ring-destructive/20',
            create.isPending && 'cursor-not-allowed bg-muted/60 text-muted-foreground',
          )}
        >
          <span
            className="max-w-[45%] shrink-0 truncate pl-3 text-[15px] text-muted-foreground sm:text-sm"
            title={`${username}/`}
          >
            {username}/
          </span>
          <input
            id={fieldId}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              if (error) setError(null);
            }}
            disabled={create.isPending}
            maxLength={MAX_NAME_LENGTH}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={statusId}
            className="h-full min-w-0 flex-1 bg-transparent pr-3 text-[15px] outline-none disabled:cursor-not-allowed sm:text-sm"
          />
        </div>
        <p id={statusId} aria-live="polite" className="text-[13px] leading-snug">
          {error ? (
            <span className="text-destructive">{error}</span>
          ) : (
            <span className="text-muted-foreground">
              Creates{' '}
              <span className="font-medium text-foreground [overflow-wrap:anywhere]">
                {username}/{trimmed || '…'}
              </span>{' '}
              on GitHub, empty until the first push.
            </span>
          )}
        </p>
      </div>
      <VisibilityChoice
        name={`${id}-visibility`}
        isPrivate={isPrivate}
        onChange={setIsPrivate}
        disabled={create.isPending}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        disabled={create.isPending}
        aria-busy={create.isPending || undefined}
      >
        {create.isPending ? <Spinner /> : <FolderGit2 aria-hidden="true" />}
        {create.isPending ? 'Creating Repository...' : 'Create Repository'}
      </Button>
    </form>
  );
}
