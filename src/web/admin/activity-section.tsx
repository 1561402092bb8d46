import { Terminal } from 'lucide-react';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { RelativeDate } from '../profile/relative-date.tsx';
import { actionLabel, describeAuditDetail } from './admin-format.ts';
import { AdminCard, AdminEmpty } from './admin-list.tsx';
import { useAdminAudit } from './admin-queries.ts';

/** Activity: the audit trail of every change made on this page or with the command line. */
export function ActivitySection() {
  const audit = useAdminAudit();
  return (
    <AdminCard
      title="Activity"
      description={
        <>
          Changes made here and with{' '}
          <code className="font-mono text-[13px] whitespace-nowrap">npm run kiln</code>, the latest first.
        </>
      }
    >
      {audit.error ? (
        <ErrorAlert>{audit.error.message}</ErrorAlert>
      ) : !audit.data ? (
        <div role="status" aria-label="Loading activity" className="grid gap-3 border-t pt-4">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : audit.data.length === 0 ? (
        <AdminEmpty>Nothing has been changed yet.</AdminEmpty>
      ) : (
        <ol aria-label="Activity" className="divide-y border-t">
          {audit.data.map((entry) => {
            const detail = describeAuditDetail(entry);
            return (
              <li key={entry.id} className="grid gap-1 py-3 text-sm">
                <p className="min-w-0 break-words">
                  <span className="font-medium">{actionLabel(entry.action)}</span>
                  {entry.target ? (
                    <>
                      {' '}
                      <span className="text-muted-foreground">·</span>{' '}
                      <span className="[overflow-wrap:anywhere]">{entry.target}</span>
                    </>
                  ) : null}
                  {detail ? <span className="text-muted-foreground"> · {detail}</span> : null}
                </p>
                <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
                  {entry.via === 'cli' ? (
                    <span className="inline-flex items-center gap-1">
                      <Terminal aria-hidden="true" className="size-3.5" /> Command line
                    </span>
                  ) : (
                    <span className="[overflow-wrap:anywhere]">by {entry.actor ?? 'a deleted account'}</span>
                  )}
                  <span aria-hidden="true">·</span>
                  <RelativeDate date={entry.createdAt} />
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </AdminCard>
  );
}
