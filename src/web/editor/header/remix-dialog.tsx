import { Link, useLocation, useNavigate } from 'react-router';
import { GitFork } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../auth/use-session.ts';
import { useRemix } from '../data/use-chat-mutations.ts';
import { useEditor } from '../state/editor-context.ts';

interface RemixDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2 "Remix dialog". */
export function RemixDialog({ open, onOpenChange }: RemixDialogProps) {
  const { data, chatId, selectedVersion, permissions } = useEditor();
  const { user } = useSession();
  const remix = useRemix(chatId);
  const navigate = useNavigate();
  const location = useLocation();
  const isRemix = data.chat.remixChatId !== null;

  let body;
  if (isRemix) {
    body = (
      <>
        <DialogHeader>
          <DialogTitle>Already Remixed</DialogTitle>
          <DialogDescription>
            This component is itself a remix, so it cannot be remixed again. Remix the original instead.
          </DialogDescription>
        </DialogHeader>
        {data.remixOf ? (
          <DialogFooter>
            <Button asChild onClick={() => onOpenChange(false)}>
              <Link to={`/components/${encodeURIComponent(data.remixOf.slug)}`}>Open the original</Link>
            </Button>
          </DialogFooter>
        ) : null}
      </>
    );
  } else if (!permissions.remix) {
    body = (
      <>
        <DialogHeader>
          <DialogTitle>Remix this component</DialogTitle>
          <DialogDescription>Only subscribers can remix projects...</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          {user ? null : (
            <Button asChild variant="outline">
              <Link to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}>
                Sign in
              </Link>
            </Button>
          )}
          <Button asChild>
            <Link to="/pricing">See Premium</Link>
          </Button>
        </DialogFooter>
      </>
    );
  } else {
    body = (
      <>
        <DialogHeader>
          <DialogTitle>Remix this component</DialogTitle>
          <DialogDescription>
            A remix is a new component of your own that starts from this code. The original stays as it is.
          </DialogDescription>
        </DialogHeader>
        <p className="rounded-lg border bg-surface px-3 py-2 text-sm">
          Remixing from selected version #{selectedVersion ?? 1}
        </p>
        <DialogFooter>
          <Button
            disabled={remix.isPending || selectedVersion === null}
            onClick={() => {
              if (selectedVersion === null) return;
              remix.mutate(selectedVersion, {
                onSuccess: ({ slug }) => {
                  onOpenChange(false);
                  void navigate(`/components/${encodeURIComponent(slug)}`);
                },
                onError: (error) => toast.error('Remix failed', { description: error.message }),
              });
            }}
          >
            {remix.isPending ? <Spinner /> : <GitFork aria-hidden="true" />}
            {remix.isPending ? 'Creating Remix...' : 'Remix Component'}
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogIcon>
          <GitFork />
        </DialogIcon>
        {body}
      </DialogContent>
    </Dialog>
  );
}
