import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDeleteVersion } from '../../data/use-chat-mutations.ts';
import { PremiumBadge, PremiumUpsellDialog, useUpsell } from '../../premium/premium-upsell.tsx';
import { useEditor } from '../../state/editor-context.ts';

const PREMIUM_TOAST = {
  title: 'Premium account required',
  description: "You are not premium, you can't delete a version...",
};

const TRIGGER_CLASS = 'self-start text-muted-foreground hover:text-destructive';

/** Spec §2 'Delete Version' with the confirmation 'Are you sure you want to delete this version?'. */
export function DeleteVersionButton({ messageId, version }: { messageId: string; version: number }) {
  const { slug, selectVersion } = useEditor();
  const remove = useDeleteVersion(slug);
  const upsell = useUpsell('deleteVersion');
  const [isUpsellOpen, setIsUpsellOpen] = useState(false);
  // A free owner is told before the destructive dialog, not refused after confirming it.
  if (upsell) {
    return (
      <>
        <Button variant="ghost" size="sm" className={TRIGGER_CLASS} onClick={() => setIsUpsellOpen(true)}>
          <Trash2 aria-hidden="true" /> Delete Version <PremiumBadge />
        </Button>
        <PremiumUpsellDialog message={upsell} open={isUpsellOpen} onOpenChange={setIsUpsellOpen} />
      </>
    );
  }
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" className={TRIGGER_CLASS}>
          <Trash2 aria-hidden="true" /> Delete Version
        </Button>
      }
      title={`Delete version #${version}?`}
      description="Are you sure you want to delete this version?"
      confirmLabel="Delete Version"
      onConfirm={() => {
        remove.mutate(messageId, {
          onSuccess: ({ selectedVersion }) => {
            toast.success(`Version #${version} deleted`);
            if (selectedVersion !== null) selectVersion(selectedVersion);
          },
          onError: (error) => {
            // A subscription that ended since the page loaded.
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
