import { BadgeCheck, ExternalLink, Hourglass } from 'lucide-react';
import { customDomainUrl, subdomainUrl } from '../../core/hosting/site-hosts.ts';
import { ErrorAlert } from '../components/ui/alert.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { SslStatusBadge } from '../editor/sidebar/deployment/custom-domain/ssl-status-badge.tsx';
import { displayAddress } from '../editor/sidebar/deployment/deployment-host.ts';
import { RelativeDate } from '../profile/relative-date.tsx';
import { AdminCard, AdminEmpty, AdminFigure, AdminList, AdminListItem } from './admin-list.tsx';
import { useAdminSystem } from './admin-queries.ts';
import { RefreshButton } from './system-section.tsx';

/**
 * Deployments and domains: every deployed site (served at `{subdomain}.{host}` by this same
 * server, as the editor's Deployment tab links it) and every custom domain with its state.
 */
export function DeploymentsSection({ origin = window.location.origin }: { origin?: string }) {
  const system = useAdminSystem();
  const data = system.data;
  return (
    <div className="grid gap-6">
      <AdminCard
        title="Deployments"
        description="Deployed sites, the latest first."
        action={<RefreshButton system={system} />}
        contentClassName="grid gap-4"
      >
        {system.error ? <ErrorAlert>{system.error.message}</ErrorAlert> : null}
        {!data ? (
          <Skeleton className="h-12" />
        ) : data.deployments.length === 0 ? (
          <AdminEmpty>No site is deployed.</AdminEmpty>
        ) : (
          <AdminList label="Deployments">
            {data.deployments.map((deployment) => {
              const url = subdomainUrl(origin, deployment.subdomain);
              return (
                <AdminListItem key={deployment.chatId} title={<SiteLink url={url} />}>
                  <AdminFigure term="Owner">{deployment.owner}</AdminFigure>
                  <AdminFigure term="Version">
                    {deployment.version === null ? '—' : `#${deployment.version}`}
                  </AdminFigure>
                  {deployment.deployedAt ? (
                    <AdminFigure term="Deployed">
                      <RelativeDate date={deployment.deployedAt} />
                    </AdminFigure>
                  ) : null}
                </AdminListItem>
              );
            })}
          </AdminList>
        )}
      </AdminCard>
      <AdminCard
        title="Custom domains"
        description="Domains people pointed at their sites, with their verification and SSL."
      >
        {!data ? (
          <Skeleton className="h-12" />
        ) : data.domains.length === 0 ? (
          <AdminEmpty>No custom domain has been added.</AdminEmpty>
        ) : (
          <AdminList label="Custom domains">
            {data.domains.map((domain) => (
              <AdminListItem
                key={domain.domain}
                title={
                  domain.verified ? <SiteLink url={customDomainUrl(origin, domain.domain)} /> : domain.domain
                }
                aside={
                  <>
                    <VerifiedBadge isVerified={domain.verified} />
                    <SslStatusBadge status={domain.sslStatus} />
                  </>
                }
              >
                <AdminFigure term="Owner">{domain.owner}</AdminFigure>
                <AdminFigure term="Added">
                  <RelativeDate date={domain.createdAt} />
                </AdminFigure>
              </AdminListItem>
            ))}
          </AdminList>
        )}
      </AdminCard>
    </div>
  );
}

function SiteLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1.5 underline-offset-4 hover:underline"
    >
      {displayAddress(url)}
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** The same badges as the editor's domain card: 'Verified' or 'Awaiting verification'. */
function VerifiedBadge({ isVerified }: { isVerified: boolean }) {
  return isVerified ? (
    <span className="inline-flex items-center gap-1 rounded-full border border-emerald-600/25 bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:border-emerald-400/25 dark:bg-emerald-950/50 dark:text-emerald-100">
      <BadgeCheck aria-hidden="true" className="size-3" /> Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full border bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
      <Hourglass aria-hidden="true" className="size-3" /> Awaiting verification
    </span>
  );
}
