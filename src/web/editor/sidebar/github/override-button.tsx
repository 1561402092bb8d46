import { TriangleAlert } from 'lucide-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import type { LinkedRepo } from '../../../lib/codehost-types.ts';

interface OverrideButtonProps {
  repo: LinkedRepo;
  version: number | null;
  disabled: boolean;
  isPending: boolean;
  onConfirm: () => void;
  className?: string;
}

/**
 * Spec §2: Force Push ('Override GitHub'). Asked first: it replaces the branch, and commits made on
 * GitHub since the last sync are gone.
 */
export function OverrideButton({
  repo,
  version,
  disabled,
  isPending,
  onConfirm,
  className,
}: OverrideButtonProps) {
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          className={cn(
            'text-destructive hover:bg-destructive-soft hover:text-red-700 dark:hover:text-red-300',
            className,
          )}
          disabled={disabled || isPending || version === null}
          aria-busy={isPending || undefined}
          title="Force push"
        >
          {isPending ? <Spinner /> : <TriangleAlert aria-hidden="true" />}
          {isPending ? 'Overriding...' : 'Override GitHub'}
        </Button>
      }
      title="Override GitHub?"
      description={
        <>
          Version #{version} will be force pushed to{' '}
          <span className="font-medium text-foreground">{repo.fullName}</span> and replace its{' '}
          {repo.defaultBranch ? <span className="font-mono">{repo.defaultBranch}</span> : 'default'} branch.
          Commits made on GitHub that are not in Kiln will be lost. This cannot be undone.
        </>
      }
      confirmLabel="Override GitHub"
      onConfirm={onConfirm}
    />
  );
}
