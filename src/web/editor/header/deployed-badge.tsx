import { Rocket } from 'lucide-react';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { useEditor } from '../state/editor-context.ts';

/** Spec §2: 'Deployed v{n}' linking to the live address while deployed. */
export function DeployedBadge() {
  const { data } = useEditor();
  const { isDeployed, deploySubdomain, deployedVersion } = data.chat;
  if (!isDeployed || !deploySubdomain || deployedVersion === null) return null;
  const url = `${window.location.protocol}//${deploySubdomain}.${window.location.host}`;
  return (
    <Tooltip
      content={
        <span className="grid gap-0.5">
          <span>Live at {url.replace(/^https?:\/\//, '')}</span>
          <span className="opacity-70">Version #{deployedVersion}</span>
        </span>
      }
    >
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/20 hover:bg-emerald-100 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/20"
      >
        <Rocket aria-hidden="true" className="size-3" /> Deployed v{deployedVersion}
      </a>
    </Tooltip>
  );
}
