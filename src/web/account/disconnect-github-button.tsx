import { Unplug } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useDisconnectCodeHost } from '../lib/codehost-queries.ts';

/** Disconnect (asked first): the server deletes the token; repositories stay on GitHub. */
export function DisconnectGithubButton({ userId, username }: { userId: string; username: string | null }) {
  const disconnect = useDisconnectCodeHost(userId);
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          disabled={disconnect.isPending}
          aria-busy={disconnect.isPending || undefined}
        >
          {disconnect.isPending ? <Spinner /> : <Unplug aria-hidden="true" />}
          {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
        </Button>
      }
      title="Disconnect GitHub?"
      description={
        <>
          Kiln deletes its access to {username ? `the GitHub account ${username}` : 'your GitHub account'}.
          Your repositories stay on GitHub; connect again to sync them.
        </>
      }
      confirmLabel="Disconnect"
      onConfirm={() =>
        disconnect.mutate(undefined, {
          onSuccess: () => toast.success('GitHub disconnected'),
          onError: (error) => toast.error('Could not disconnect GitHub', { description: error.message }),
        })
      }
    />
  );
}
