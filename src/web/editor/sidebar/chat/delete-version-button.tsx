import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDeleteVersion } from '../../data/use-chat-mutations.ts';
import { useEditor } from '../../state/editor-context.ts';

const PREMIUM_TOAST = {
  title: 'Premium account required',
  description: "You are not premium, you can't delete a version...",
};

/** Spec §2 'Delete Version' with the confirmation 'Are you sure you want to delete this version?'. */
export function DeleteVersionButton({ messageId, version }: { messageId: string; version: number }) {
  const { slug, permissions, selectVersion } = useEditor();
  const remove = useDeleteVersion(slug);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className="self-start text-muted-foreground hover:text-destructive">
          <Trash2 aria-hidden="true" /> Delete Version
        </Button>
      }
      title={`Delete version #${version}?`}
      description="Are you sure you want to delete this version?"
      confirmLabel="Delete Version"
      onConfirm={() => {
        if (!permissions.deleteVersion) {
          toast.error(PREMIUM_TOAST.title, { description: PREMIUM_TOAST.description });
          return;
        }
        remove.mutate(messageId, {
          onSuccess: ({ selectedVersion }) => {
            toast.success(`Version #${version} deleted`);
            if (selectedVersion !== null) selectVersion(selectedVersion);
          },
          onError: (error) => {
            if (error instanceof ApiError && error.status === 402) {
              toast.error(PREMIUM_TOAST.title, { description: PREMIUM_TOAST.description });
            } else {
              toast.error('Could not delete the version', { description: error.message });
            }
          },
        });
      }}
    />
  );
}
