import { TriangleAlert } from 'lucide-react';
import type { CustomDomain, Deployment } from '../../../data/deployment-types.ts';
import { deploymentHost } from '../deployment-host.ts';
import { Notice } from '../notice.tsx';
import { AddDomainForm } from './add-domain-form.tsx';
import { DomainCard } from './domain-card.tsx';

interface CustomDomainSectionProps {
  deployment: Deployment;
  customDomain: CustomDomain | null;
  /** Owner with premium. */
  canManage: boolean;
}

/** Spec §2 "Custom domain section" (shown to premium users, below the deployment). */
export function CustomDomainSection({ deployment, customDomain, canManage }: CustomDomainSectionProps) {
  const { isDeployed } = deployment;
  // The deployment names the verified domain that serves the site; its liveUrl is that address.
  const isCustomDomainLive = customDomain !== null && deployment.customDomain === customDomain.domain;
  // Spec: placeholder {host}; a domain name has no port.
  const placeholder = deploymentHost(deployment).replace(/:\d+$/, '');

  return (
    <section aria-labelledby="custom-domain-heading" className="flex flex-col gap-3 border-t pt-4">
      <div className="flex flex-col gap-1">
        <h3 id="custom-domain-heading" className="text-sm font-semibold">
          Custom Domain
        </h3>
        <p className="text-[13px] leading-snug text-muted-foreground">
          Serve this application at a domain you own.
        </p>
      </div>
      {!isDeployed ? (
        <Notice tone="warning" icon={<TriangleAlert aria-hidden="true" />} title="Deployment Required">
          Deploy your application first, then connect a custom domain to it.
        </Notice>
      ) : null}
      {customDomain ? (
        <DomainCard
          customDomain={customDomain}
          liveUrl={isCustomDomainLive ? deployment.liveUrl : null}
          canManage={canManage}
        />
      ) : isDeployed && canManage ? (
        <AddDomainForm placeholder={placeholder} />
      ) : null}
    </section>
  );
}
