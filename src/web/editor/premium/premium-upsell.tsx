import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import type { Capability } from '../../../core/permissions/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
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
import { useEditor } from '../state/editor-context.ts';

/**
 * The spec's payment-required text when premium is all this viewer lacks for `capability`
 * (from the server's policy), else null: such an action shows its upsell before it starts,
 * never a refusal after a confirmation (issue 35 item 3).
 */
export function useUpsell(capability: Capability): string | null {
  const { data } = useEditor();
  return data.upsells[capability] ?? null;
}

/** 'Premium' beside an action a free user sees, so the upsell is no surprise. */
export function PremiumBadge() {
  return (
    <Badge variant="brand" className="ml-1 px-1.5 py-0 text-[11px]">
      <Sparkles aria-hidden="true" /> Premium
    </Badge>
  );
}

/** Spec §8 'Premium account required' with the action's own text and the way to /pricing. */
export function PremiumUpsellDialog({
  message,
  open,
  onOpenChange,
}: {
  message: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open && message !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogIcon>
          <Sparkles />
        </DialogIcon>
        <DialogHeader>
          <DialogTitle>Premium account required</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Not now
          </Button>
          <Button asChild onClick={() => onOpenChange(false)}>
            <Link to="/pricing">See plans</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
