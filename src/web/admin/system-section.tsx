import { RefreshCw } from 'lucide-react';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { RelativeDate } from '../profile/relative-date.tsx';
import { cn } from '../lib/cn.ts';
import { jobKindLabel, shortId } from './admin-format.ts';
import { AdminCard, AdminEmpty, AdminFigure, AdminList, AdminListItem } from './admin-list.tsx';
import { useAdminSystem } from './admin-queries.ts';

export type SystemQuery = ReturnType<typeof useAdminSystem>;

/** Builds and servers: the queue's counts, its active jobs and the app servers this process runs. */
export function SystemSection() {
  const system = useAdminSystem();
  const data = system.data;
  return (
    <div className="grid gap-6">
      <AdminCard
        title="Build queue"
        description="Preview builds and other jobs, read again every 10 seconds."
        action={<RefreshButton system={system} />}
        contentClassName="grid gap-6"
      >
        {system.error ? <ErrorAlert>{system.error.message}</ErrorAlert> : null}
        <dl className="grid grid-cols-3 gap-3" aria-label="Build counts">
          <Count term="Queued" value={data?.builds.queued} />
          <Count term="Running" value={data?.builds.running} />
          <Count
            term="Failed in the last 24 h"
            value={data?.builds.failedToday}
            isAlarming={(data?.builds.failedToday ?? 0) > 0}
          />
        </dl>
        {!data ? (
          <Skeleton className="h-12" />
        ) : data.builds.jobs.length === 0 ? (
          <AdminEmpty>No job is queued or running.</AdminEmpty>
        ) : (
          <AdminList label="Active jobs">
            {data.builds.jobs.map((job) => (
              <AdminListItem
                key={job.id}
                title={jobKindLabel(job.kind)}
                aside={
                  <Badge variant={job.status === 'running' ? 'brand' : 'neutral'}>
                    {statusLabel(job.status)}
                  </Badge>
                }
              >
                {job.progress ? <AdminFigure term="Progress">{job.progress}</AdminFigure> : null}
                <AdminFigure term="Owner">{job.owner ?? 'Unknown'}</AdminFigure>
                <AdminFigure term="Queued">
                  <RelativeDate date={job.createdAt} />
                </AdminFigure>
              </AdminListItem>
            ))}
          </AdminList>
        )}
      </AdminCard>
      <AdminCard
        title="App servers"
        description="The full-stack apps this Kiln process runs, for previews and deployments. Each web process runs its own."
      >
        {!data ? (
          <Skeleton className="h-12" />
        ) : data.appServers.length === 0 ? (
          <AdminEmpty>No app server is running.</AdminEmpty>
        ) : (
          <AdminList label="Running app servers">
            {data.appServers.map((server) => (
              <AdminListItem
                key={`${server.chatId}-${server.version}-${server.deployed}`}
                title={
                  <>
                    <span className="font-mono text-sm" title={server.chatId}>
                      {shortId(server.chatId)}
                    </span>{' '}
                    <span className="text-muted-foreground">version #{server.version}</span>
                  </>
                }
                aside={
                  <>
                    <Badge variant="outline">{server.deployed ? 'Deployment' : 'Preview'}</Badge>
                    <Badge variant={server.state === 'running' ? 'brand' : 'neutral'}>
                      {statusLabel(server.state)}
                    </Badge>
                  </>
                }
              >
                <AdminFigure term="Owner">{server.owner ?? 'Unknown'}</AdminFigure>
                <AdminFigure term="Last used">
                  <RelativeDate date={server.lastUsed} />
                </AdminFigure>
                {server.restarts > 0 ? (
                  <AdminFigure term="Restarts">
                    <span className="tabular-nums">{server.restarts}</span>
                  </AdminFigure>
                ) : null}
              </AdminListItem>
            ))}
          </AdminList>
        )}
      </AdminCard>
    </div>
  );
}

/** 'running' → 'Running'. */
function statusLabel(status: string): string {
  return status ? status[0]!.toUpperCase() + status.slice(1) : status;
}

function Count({
  term,
  value,
  isAlarming = false,
}: {
  term: string;
  value: number | undefined;
  isAlarming?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse justify-end gap-1 rounded-xl border bg-surface px-3 py-3 sm:px-4">
      <dt className="text-xs leading-snug text-muted-foreground">{term}</dt>
      <dd className={cn('text-2xl font-semibold tabular-nums', isAlarming && 'text-destructive')}>
        {value === undefined ? <Skeleton className="h-8 w-10" /> : value}
      </dd>
    </div>
  );
}

export function RefreshButton({ system }: { system: SystemQuery }) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="self-start"
      onClick={() => void system.refetch()}
      aria-busy={system.isFetching || undefined}
    >
      <RefreshCw aria-hidden="true" className={system.isFetching ? 'animate-spin' : undefined} />
      Refresh
    </Button>
  );
}
