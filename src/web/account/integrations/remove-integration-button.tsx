import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.tsx';
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
    <AlertDialog>
      <AlertDialogTrigger asChild>
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
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Remove {integration.name}?</AlertDialogTitle>
        <AlertDialogDescription>
          Kiln deletes the stored keys. Components that use this integration stop getting its backend code;
          your {integration.providerLabel} account itself is not touched.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            destructive
            onClick={() =>
              remove.mutate(integration.id, {
                onSuccess: () => toast.success('Integration removed', { description: integration.name }),
                onError: (error) =>
                  toast.error('Could not remove the integration', { description: error.message }),
              })
            }
          >
            Remove
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
