import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { useMe } from '../../../auth/use-me.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { customDomainQueryOptions, deploymentQueryOptions } from '../../data/deployment-query.ts';
import { useEditor } from '../../state/editor-context.ts';
import { PanelFallback } from '../panel-fallback.tsx';
import { PremiumUpsell, ViewOnlyNotice } from './access-notices.tsx';
import { CustomDomainSection } from './custom-domain/custom-domain-section.tsx';
import { DeployForm } from './deploy-form.tsx';
import { DeployedBanner } from './deployed-banner.tsx';

/**
 * Spec §2 "Deployment tab" ('Deploy Application'): the live deployment, the version and subdomain
 * to deploy, and — for premium users — the Custom Domain section. Spec §6: only the owner with
 * premium deploys; others see why.
 */
export default function DeploymentTab() {
  const { chatId, data, permissions } = useEditor();
  const me = useMe();
  const upsellId = useId();
  const query = useQuery(deploymentQueryOptions(chatId));
  const customDomain = useQuery(customDomainQueryOptions(chatId));

  // The policy's answers carry premium too; `me` says which of the two is missing.
  const isOwner = me.data?.user ? me.data.user.id === data.author.id : permissions.viewPrivateTabs;
  const isPremium = me.data ? me.data.isPremium : permissions.deploy;

  if (query.isPending || customDomain.isPending) return <PanelFallback />;
  if (query.isError || customDomain.isError) {
    const error = query.error ?? customDomain.error;
    return (
      <div className="flex flex-col gap-3 p-4">
        <ErrorAlert>Could not load the deployment: {error?.message}</ErrorAlert>
        <Button
          variant="outline"
          className="self-start"
          onClick={() => {
            if (query.isError) void query.refetch();
            if (customDomain.isError) void customDomain.refetch();
          }}
        >
          <RotateCw aria-hidden="true" /> Try again
        </Button>
      </div>
    );
  }

  const deployment = query.data;
  // Remounted after each change so the form starts again from what is deployed.
  const formKey = `${deployment.isDeployed}:${deployment.subdomain ?? ''}:${deployment.version ?? ''}`;
  return (
    <div className="flex flex-col gap-4 p-4">
      <header className="flex flex-col gap-1">
        <h2 className="text-base font-semibold tracking-tight">Deploy Application</h2>
        <p className="text-[13px] leading-snug text-muted-foreground">
          Publish a version of this component as a website at its own address.
        </p>
      </header>
      <DeployedBanner deployment={deployment} />
      {!isOwner ? <ViewOnlyNotice /> : !isPremium ? <PremiumUpsell id={upsellId} /> : null}
      <DeployForm
        key={formKey}
        deployment={deployment}
        isOwner={isOwner}
        isPremium={isPremium}
        upsellId={upsellId}
      />
      {isPremium ? (
        <CustomDomainSection
          deployment={deployment}
          customDomain={customDomain.data}
          canManage={isOwner && isPremium}
        />
      ) : null}
    </div>
  );
}
