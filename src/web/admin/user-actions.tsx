import type { ReactNode } from 'react';
import { CircleMinus, ShieldMinus, ShieldPlus, UserCheck, UserX } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminChange, AdminUser } from '../../core/admin/index.ts';
import { Button } from '../components/ui/button.tsx';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { useChangeUser } from './admin-queries.ts';
import { GrantPremiumDialog } from './grant-premium-dialog.tsx';

type Change = { change: AdminChange; done: string; failed: string };

/**
 * An account's buttons on /admin: premium, the administrator role, disabled. Every one is offered;
 * a change the rules refuse (one's own account, the last administrator, a Stripe subscription)
 * comes back with the server's reason, shown in a toast.
 */
export function UserActions({ user, describedById }: { user: AdminUser; describedById: string }) {
  const change = useChangeUser();
  const pending = change.isPending ? change.variables.change : null;
  const run = ({ change: what, done, failed }: Change) =>
    change.mutate(
      { userId: user.id, change: what },
      {
        onSuccess: () => toast.success(done, { description: user.email }),
        onError: (error) => toast.error(failed, { description: error.message }),
      },
    );
  const isPending = (kind: AdminChange['kind']) => pending?.kind === kind;
  const button = (kind: AdminChange['kind'], icon: ReactNode, label: string, onClick?: () => void) => (
    <Button
      variant="outline"
      size="sm"
      disabled={change.isPending}
      aria-busy={isPending(kind) || undefined}
      aria-describedby={describedById}
      onClick={onClick}
    >
      {isPending(kind) ? <Spinner /> : icon}
      {label}
    </Button>
  );

  return (
    <div className="flex flex-wrap gap-2">
      {user.plan === 'free' ? (
        <GrantPremiumDialog user={user} describedById={describedById} />
      ) : (
        <ConfirmDialog
          trigger={button('plan', <CircleMinus aria-hidden="true" />, 'Revoke premium')}
          title="Revoke premium?"
          description={
            <>
              <span className="font-medium [overflow-wrap:anywhere] text-foreground">{user.email}</span> goes
              back to the free plan now.
            </>
          }
          confirmLabel="Revoke premium"
          onConfirm={() =>
            run({
              change: { kind: 'plan', plan: 'free' },
              done: 'Premium revoked',
              failed: 'Premium was not revoked',
            })
          }
        />
      )}
      {user.role === 'admin' ? (
        <ConfirmDialog
          trigger={button('role', <ShieldMinus aria-hidden="true" />, 'Remove admin')}
          title="Remove the administrator role?"
          description={
            <>
              <span className="font-medium [overflow-wrap:anywhere] text-foreground">{user.email}</span> can
              no longer open this page or change other accounts.
            </>
          }
          confirmLabel="Remove admin"
          onConfirm={() =>
            run({
              change: { kind: 'role', role: 'user' },
              done: 'No longer an administrator',
              failed: 'The role was not changed',
            })
          }
        />
      ) : (
        <ConfirmDialog
          destructive={false}
          trigger={button('role', <ShieldPlus aria-hidden="true" />, 'Make admin')}
          title="Make this account an administrator?"
          description={
            <>
              <span className="font-medium [overflow-wrap:anywhere] text-foreground">{user.email}</span> can
              open this page: change any account&rsquo;s plan and role, and disable accounts.
            </>
          }
          confirmLabel="Make admin"
          onConfirm={() =>
            run({
              change: { kind: 'role', role: 'admin' },
              done: 'Now an administrator',
              failed: 'The role was not changed',
            })
          }
        />
      )}
      {user.disabled ? (
        button('disabled', <UserCheck aria-hidden="true" />, 'Enable', () =>
          run({
            change: { kind: 'disabled', disabled: false },
            done: 'Account enabled',
            failed: 'The account was not enabled',
          }),
        )
      ) : (
        <ConfirmDialog
          trigger={button('disabled', <UserX aria-hidden="true" />, 'Disable')}
          title="Disable this account?"
          description={
            <>
              <span className="font-medium [overflow-wrap:anywhere] text-foreground">{user.email}</span> is
              signed out everywhere and cannot sign in until an administrator enables the account again.
            </>
          }
          confirmLabel="Disable account"
          onConfirm={() =>
            run({
              change: { kind: 'disabled', disabled: true },
              done: 'Account disabled',
              failed: 'The account was not disabled',
            })
          }
        />
      )}
    </div>
  );
}
