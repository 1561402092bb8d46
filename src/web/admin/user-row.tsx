import { useId } from 'react';
import type { AdminUser } from '../../core/admin/index.ts';
import { Badge } from '../components/ui/badge.tsx';
import { describePlan, formatDate } from './admin-format.ts';
import { UserActions } from './user-actions.tsx';

/**
 * One account: who (email, name, Admin / Disabled badges), its plan and use, and its buttons.
 * The buttons sit beside the name on a wide screen and under it on a phone; the figures keep
 * their labels either way.
 */
export function UserRow({ user, isViewer }: { user: AdminUser; isViewer: boolean }) {
  const id = useId();
  const plan = describePlan(user);
  return (
    <li aria-labelledby={`${id}-email`} className="grid gap-3 py-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between lg:gap-6">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 id={`${id}-email`} className="min-w-0 font-medium [overflow-wrap:anywhere]">
              {user.email}
            </h3>
            {isViewer ? <Badge variant="outline">You</Badge> : null}
            {user.role === 'admin' ? <Badge variant="brand">Admin</Badge> : null}
            {user.disabled ? (
              <Badge className="border-destructive/30 bg-destructive-soft text-destructive">Disabled</Badge>
            ) : null}
          </div>
          <p className="mt-0.5 truncate text-sm text-muted-foreground">{user.fullName || 'No name'}</p>
        </div>
        <UserActions user={user} describedById={`${id}-email`} />
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:flex sm:flex-wrap sm:gap-x-10">
        <div className="col-span-2">
          <dt className="text-xs text-muted-foreground">Plan</dt>
          <dd className="flex flex-wrap items-center gap-x-1.5" data-testid="user-plan">
            <span className={plan.name === 'Premium' ? 'font-medium text-brand-foreground' : 'font-medium'}>
              {plan.name}
            </span>
            {plan.detail ? <span className="text-muted-foreground">{plan.detail}</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Versions this month</dt>
          <dd className="font-medium tabular-nums">{user.versionsThisMonth}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Chats</dt>
          <dd className="font-medium tabular-nums">{user.chats}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted-foreground">Joined</dt>
          <dd className="font-medium">
            <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
          </dd>
        </div>
      </dl>
    </li>
  );
}
