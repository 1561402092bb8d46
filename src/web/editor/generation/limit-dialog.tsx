import { Link } from 'react-router';
import { Gauge } from 'lucide-react';
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

export interface LimitDialogState {
  plan: 'free' | 'paid';
  limit: number | null;
  resetsAt: string | null;
}

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

function formatResetDate(resetsAt: string | null): string | null {
  if (!resetsAt) return null;
  const date = new Date(resetsAt);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/** Spec §8 'limit-exceeded': one dialog for the free plan, one for a paid plan. */
export function LimitDialog({ state, onClose }: { state: LimitDialogState | null; onClose: () => void }) {
  const resetDate = formatResetDate(state?.resetsAt ?? null);
  const limit = state?.limit === null || state?.limit === undefined ? 'your' : String(state.limit);
  const isFree = state?.plan !== 'paid';
  return (
    <Dialog open={state !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {/* Two buttons side by side need more than the default width (spec labels are long). */}
      <DialogContent className="sm:max-w-lg">
        <DialogIcon>
          <Gauge />
        </DialogIcon>
        <DialogHeader>
          <DialogTitle>
            {isFree ? 'Monthly message limit reached' : 'You have reached the limit of your plan'}
          </DialogTitle>
          <DialogDescription>
            {isFree
              ? `You have used the limit of ${limit} versions this month. Versions are counted from the 1st of the month, and the limit resets on the 1st of next month${resetDate ? ` (${resetDate})` : ''}.`
              : `You have used the limit of ${limit} versions of your billing period. It resets on the 1st of the month after your period started${resetDate ? ` (${resetDate})` : ''}.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:flex-wrap">
          <Button asChild variant="outline" onClick={onClose}>
            <Link to="/account?buy_extra=true">Buy extra versions ($1 each)</Link>
          </Button>
          <Button asChild onClick={onClose}>
            {isFree ? (
              <Link to="/pricing">Upgrade to a paid plan</Link>
            ) : (
              <Link to="/account">Go to My Account</Link>
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
