import { CloudOff } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUndeploy } from '../../data/use-deployment-mutations.ts';
import { useEditor } from '../../state/editor-context.ts';
import { deploymentFailureToast } from './deployment-toasts.ts';

/**
 * Spec §2 'Undeploy Application'. Asked first, as hosting services do: the site goes offline and
 * its subdomain becomes free for anyone to take.
 */
export function UndeployButton({ disabled }: { disabled: boolean }) {
  const { slug, chatId } = useEditor();
  const undeploy = useUndeploy(slug, chatId);
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="lg"
          className="w-full text-destructive hover:bg-destructive-soft hover:text-destructive"
          disabled={disabled || undeploy.isPending}
          aria-busy={undeploy.isPending || undefined}
        >
          {undeploy.isPending ? <Spinner /> : <CloudOff aria-hidden="true" />}
          {undeploy.isPending ? 'Undeploying...' : 'Undeploy Application'}
        </Button>
      }
      title="Undeploy Application"
      description={
        <>
          The application goes offline and its subdomain becomes free for others to take. You can deploy it
          again at any time.
        </>
      }
      confirmLabel="Undeploy"
      onConfirm={() =>
        undeploy.mutate(undefined, {
          onSuccess: () => toast.success('Application undeployed'),
          onError: (error) => {
            const { title, description } = deploymentFailureToast('undeploy', error);
            toast.error(title, { description });
          },
        })
      }
    />
  );
}
