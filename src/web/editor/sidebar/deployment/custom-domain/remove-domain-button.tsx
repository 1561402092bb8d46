import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useRemoveCustomDomain } from '../../../data/use-custom-domain-mutations.ts';
import { useEditor } from '../../../state/editor-context.ts';
import { DOMAIN_REMOVED } from './custom-domain-toasts.ts';

/** Spec §2: Remove (owner only), confirmed in the 'Remove Custom Domain' dialog. */
export function RemoveDomainButton({ id, domain }: { id: string; domain: string }) {
  const { slug, chatId } = useEditor();
  const remove = useRemoveCustomDomain(slug, chatId);
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground hover:bg-destructive-soft hover:text-destructive"
          disabled={remove.isPending}
          aria-label={`Remove ${domain}`}
        >
          {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
          Remove
        </Button>
      }
      title="Remove Custom Domain"
      description={
        <>Your application will no longer be accessible at this domain. This action cannot be undone.</>
      }
      confirmLabel="Remove Domain"
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => toast.success(DOMAIN_REMOVED.title),
          onError: (error) => toast.error('Failed to remove domain', { description: error.message }),
        })
      }
    />
  );
}
