import { ExternalLink, Globe, Rocket } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import type { Deployment } from '../../data/deployment-types.ts';
import { AddressText } from './address-text.tsx';

/**
 * Spec §2 "Deployed banner": the live address, a 'Custom Domain' badge when a verified custom
 * domain is used (then 'Also available at' the subdomain address), and the deployed version.
 */
export function DeployedBanner({ deployment }: { deployment: Deployment }) {
  const { liveUrl, subdomainUrl, version, customDomain } = deployment;
  if (!deployment.isDeployed || !liveUrl) return null;
  const isCustomDomainLive = customDomain !== null && liveUrl !== subdomainUrl;

  return (
    <section
      aria-label="Deployed"
      className="flex flex-col gap-2 rounded-xl border border-emerald-600/20 bg-emerald-50 p-3 text-emerald-950 dark:border-emerald-400/20 dark:bg-emerald-950/50 dark:text-emerald-50"
    >
      <p className="flex items-center gap-2 text-[13px] font-semibold">
        <span className="relative flex size-2" aria-hidden="true">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-500 opacity-60 motion-reduce:animate-none" />
          <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
        </span>
        Live
        {version !== null ? (
          <span className="ml-auto font-medium text-emerald-800 dark:text-emerald-200">
            Version #{version}
          </span>
        ) : null}
      </p>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <a
          href={liveUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-w-0 items-center gap-1.5 text-sm font-medium underline-offset-2 hover:underline"
        >
          <Rocket aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="min-w-0 [overflow-wrap:anywhere]">
            <AddressText url={liveUrl} />
          </span>
          <ExternalLink aria-hidden="true" className="size-3 shrink-0 opacity-70" />
        </a>
        {isCustomDomainLive ? (
          <Badge variant="outline" className="border-emerald-600/30 text-emerald-900 dark:text-emerald-100">
            <Globe aria-hidden="true" /> Custom Domain
          </Badge>
        ) : null}
      </div>
      {isCustomDomainLive && subdomainUrl ? (
        <p className="text-xs text-emerald-900/80 dark:text-emerald-100/80">
          Also available at{' '}
          <a
            href={subdomainUrl}
            target="_blank"
            rel="noreferrer"
            className="font-medium [overflow-wrap:anywhere] underline underline-offset-2"
          >
            <AddressText url={subdomainUrl} />
          </a>
        </p>
      ) : null}
    </section>
  );
}
