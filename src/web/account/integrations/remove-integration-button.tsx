import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useRemoveIntegration, type Integration } from './queries.ts';

/** Remove (asked first): the credentials are deleted and chats using it lose it. */
export function RemoveIntegrationButton({
  userId,
  integration,
}: {
  userId: string;
  integration: Integration;
}) {
  const remove = useRemoveIntegration(userId);
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          disabled={remove.isPending}
          aria-busy={remove.isPending || undefined}
          aria-label={`Remove ${integration.name}`}
        >
          {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" />}
          <span className="max-sm:sr-only">Remove</span>
        </Button>
      }
      title={`Remove ${integration.name}?`}
      description={
        <>
          Kiln deletes the stored keys. Components that use this integration stop getting its backend code;
          your {integration.providerLabel} account itself is not touched.
        </>
      }
      confirmLabel="Remove"
      onConfirm={() =>
        remove.mutate(integration.id, {
          onSuccess: () => toast.success('Integration removed', { description: integration.name }),
          onError: (error) => toast.error('Could not remove the integration', { description: error.message }),
        })
      }
    />
  );
}
