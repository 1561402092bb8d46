import { useId, useMemo, useState } from 'react';
import { Rocket } from 'lucide-react';
import { toast } from 'sonner';
import {
  normalizeSubdomainInput,
  validateDeploySelection,
  validateDeploymentUpdate,
  validateSubdomain,
} from '../../../../core/validation/subdomain.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import type { Deployment } from '../../data/deployment-types.ts';
import { useCheckSubdomain, useDeploy, useUpdateDeployment } from '../../data/use-deployment-mutations.ts';
import { useEditor } from '../../state/editor-context.ts';
import { deployButtonState } from './deploy-button-state.ts';
import { defaultDeployVersion, deployVersionOptions } from './deploy-versions.ts';
import { deploymentHost, displayAddress, suggestSubdomain } from './deployment-host.ts';
import { deploymentFailureToast, PREMIUM_REQUIRED, type ToastText } from './deployment-toasts.ts';
import { SubdomainField, type SubdomainAvailability } from './subdomain-field.tsx';
import { UndeployButton } from './undeploy-button.tsx';
import { useChosenVersionBuild } from './use-chosen-version-build.ts';
import { VersionSelect } from './version-select.tsx';

interface DeployFormProps {
  deployment: Deployment;
  isOwner: boolean;
  isPremium: boolean;
  /** The upsell's id, read with the 'Premium Required' button. */
  upsellId?: string;
}

const showError = ({ title, description }: ToastText) => toast.error(title, { description });

/**
 * Spec §2 "Deployment tab": version and subdomain, then 'Deploy' — or, once deployed, 'Update
 * Deployment' (only when something changed) and 'Undeploy Application'. The form starts from
 * the deployment it is given; the tab remounts it after each change.
 */
export function DeployForm({ deployment, isOwner, isPremium, upsellId }: DeployFormProps) {
  const { slug, chatId, data, latestVersion } = useEditor();
  const id = useId();
  const isDeployed = deployment.isDeployed;
  const canAct = isOwner && isPremium;

  const options = useMemo(
    () => deployVersionOptions(data.messages, latestVersion, isDeployed ? deployment.version : null),
    [data.messages, latestVersion, isDeployed, deployment.version],
  );
  const [pickedVersion, setPickedVersion] = useState<number | null>(null);
  const version = pickedVersion ?? defaultDeployVersion(options, isDeployed ? deployment.version : null);
  const [subdomain, setSubdomain] = useState(
    () => deployment.subdomain ?? suggestSubdomain(slug, data.chat.title),
  );
  const [availability, setAvailability] = useState<SubdomainAvailability | null>(null);
  const host = deploymentHost(deployment);

  const check = useCheckSubdomain();
  const deploy = useDeploy(slug, chatId);
  const update = useUpdateDeployment(slug, chatId);
  const chosen = useChosenVersionBuild(version);

  const hasChanges =
    isDeployed &&
    (subdomain !== deployment.subdomain || (version !== null && version !== deployment.version));
  const primary = deployButtonState({
    isOwner,
    isPremium,
    isPending: isDeployed ? update.isPending : deploy.isPending,
    build: chosen.build,
    action: isDeployed ? 'update' : 'deploy',
  });

  const onCheck = () => {
    const checked = validateSubdomain(subdomain, 'check');
    if (!checked.ok) return showError({ title: checked.error.title, description: checked.error.message });
    check.mutate(checked.value, {
      onSuccess: ({ available, reason }) => setAvailability({ subdomain: checked.value, available, reason }),
      onError: (error) => showError(deploymentFailureToast('deploy', error)),
    });
  };

  const onDeploy = () => {
    if (!isPremium) return showError(PREMIUM_REQUIRED);
    const name = validateSubdomain(subdomain, 'deploy');
    if (!name.ok) return showError({ title: name.error.title, description: name.error.message });
    const selection = validateDeploySelection(version);
    if (!selection.ok)
      return showError({ title: selection.error.title, description: selection.error.message });
    deploy.mutate(
      { subdomain: name.value, version: selection.value },
      {
        onSuccess: (result) =>
          toast.success('Application deployed', {
            description: result.liveUrl ? `Live at ${displayAddress(result.liveUrl)}` : undefined,
          }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'subdomain-unavailable') {
            setAvailability({ subdomain: name.value, available: false, reason: error.message });
          }
          showError(deploymentFailureToast('deploy', error));
        },
      },
    );
  };

  const onUpdate = () => {
    if (!isPremium) return showError(PREMIUM_REQUIRED);
    const selection = validateDeploySelection(version);
    if (!selection.ok)
      return showError({ title: selection.error.title, description: selection.error.message });
    const current = { subdomain: deployment.subdomain ?? '', version: deployment.version ?? -1 };
    const next = validateDeploymentUpdate(current, { subdomain, version: selection.value });
    if (!next.ok) return showError({ title: next.error.title, description: next.error.message });
    update.mutate(
      {
        subdomain: next.value.subdomain,
        ...(next.value.version !== current.version ? { version: next.value.version } : {}),
      },
      {
        onSuccess: (result) =>
          toast.success('Deployment updated', {
            description: result.liveUrl
              ? `Version #${result.version ?? ''} is live at ${displayAddress(result.liveUrl)}`
              : undefined,
          }),
        onError: (error) => showError(deploymentFailureToast('update', error)),
      },
    );
  };

  const isBusy = deploy.isPending || update.isPending;
  const buildNoteId = `${id}-build`;
  return (
    <div className="flex flex-col gap-4">
      <VersionSelect
        id={`${id}-version`}
        options={options}
        value={version}
        onChange={setPickedVersion}
        disabled={!canAct || isBusy}
        describedBy={chosen.build === 'error' || chosen.build === 'building' ? buildNoteId : undefined}
      />
      {chosen.build === 'building' ? (
        <p id={buildNoteId} className="-mt-2 flex items-center gap-1.5 text-[13px] text-muted-foreground">
          <Spinner className="size-3.5" /> Building the preview of Version #{version}…
        </p>
      ) : chosen.build === 'error' ? (
        <p id={buildNoteId} className="-mt-2 text-[13px] leading-snug text-destructive">
          Version #{version} failed to build{chosen.error ? `: ${chosen.error.title}` : ''}. Fix it before
          deploying, or choose another version.
        </p>
      ) : null}
      <SubdomainField
        id={`${id}-subdomain`}
        value={subdomain}
        onChange={(value) => setSubdomain(normalizeSubdomainInput(value))}
        host={host}
        canCheck={!isDeployed}
        onCheck={onCheck}
        isChecking={check.isPending}
        availability={availability}
        disabled={!canAct || isBusy}
      />
      <div className="flex flex-col gap-2">
        {!isDeployed ? (
          <Button
            variant={isPremium ? 'primary' : 'outline'}
            size="lg"
            className="w-full"
            disabled={primary.disabled}
            aria-busy={primary.isBusy || undefined}
            aria-describedby={!isPremium ? upsellId : undefined}
            onClick={onDeploy}
          >
            {primary.isBusy ? <Spinner /> : <Rocket aria-hidden="true" />}
            {primary.label}
          </Button>
        ) : (
          <>
            {hasChanges || update.isPending ? (
              <Button
                variant="primary"
                size="lg"
                className="w-full"
                disabled={primary.disabled}
                aria-busy={primary.isBusy || undefined}
                onClick={onUpdate}
              >
                {primary.isBusy ? <Spinner /> : <Rocket aria-hidden="true" />}
                {primary.label}
              </Button>
            ) : null}
            <UndeployButton disabled={!canAct || isBusy} />
          </>
        )}
      </div>
    </div>
  );
}
