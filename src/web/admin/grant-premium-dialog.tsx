import { useId, useState } from 'react';
import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { ADMIN_TEXTS, type AdminUser } from '../../core/admin/index.ts';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogIcon,
  DialogTitle,
  DialogTrigger,
} from '../components/ui/dialog.tsx';
import { FormField, describedBy } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { formatDate } from './admin-format.ts';
import { useChangeUser } from './admin-queries.ts';

/** The most days the server takes (a century: 'until revoked' is the empty field). */
const MAX_DAYS = 36_500;

/** The field's days: empty is 'until revoked' (undefined), else a whole number 1–36,500. */
function readDays(text: string): { days: number | undefined; error: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { days: undefined, error: null };
  const days = Number(trimmed);
  if (!Number.isInteger(days) || days < 1) return { days: undefined, error: ADMIN_TEXTS.days };
  if (days > MAX_DAYS) return { days: undefined, error: `At most ${MAX_DAYS.toLocaleString('en')} days.` };
  return { days, error: null };
}

/** 'Grant premium': for a number of days, or until revoked (the field left empty). */
export function GrantPremiumDialog({ user, describedById }: { user: AdminUser; describedById: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const change = useChangeUser();
  const { days, error } = readDays(text);
  const shownError = wasSubmitted ? error : null;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setText('');
      setWasSubmitted(false);
      change.reset();
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-describedby={describedById}>
          <Sparkles aria-hidden="true" /> Grant premium
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setWasSubmitted(true);
            if (error) return;
            change.mutate(
              { userId: user.id, change: { kind: 'plan', plan: 'premium', days } },
              {
                onSuccess: ({ user: after }) => {
                  onOpenChange(false);
                  toast.success('Premium granted', {
                    description: after.premiumUntil
                      ? `${after.email} is premium until ${formatDate(after.premiumUntil)}.`
                      : `${after.email} is premium until you revoke it.`,
                  });
                },
              },
            );
          }}
        >
          <DialogHeader>
            <DialogIcon>
              <Sparkles />
            </DialogIcon>
            <DialogTitle>Grant premium</DialogTitle>
            <DialogDescription>
              <span className="font-medium [overflow-wrap:anywhere] text-foreground">{user.email}</span> gets
              the premium plan without paying. The change is recorded in the activity.
            </DialogDescription>
          </DialogHeader>
          <div className="max-w-56">
            <FormField id={id} label="Number of days" error={shownError} hint="Leave empty: until revoked.">
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_DAYS}
                step={1}
                placeholder="Until revoked"
                value={text}
                onChange={(event) => setText(event.target.value)}
                aria-invalid={shownError ? true : undefined}
                aria-describedby={describedBy(id, shownError, true)}
              />
            </FormField>
          </div>
          {change.error ? <ErrorAlert>{change.error.message}</ErrorAlert> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={change.isPending} aria-busy={change.isPending || undefined}>
              {change.isPending ? <Spinner /> : null}
              {days === undefined || error ? 'Grant premium' : `Grant ${days} day${days === 1 ? '' : 's'}`}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
