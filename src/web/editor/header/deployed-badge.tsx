import { Rocket } from 'lucide-react';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { useEditor } from '../state/editor-context.ts';

/**
 * Spec §2: 'Deployed v{n}' linking to the live address; tooltip 'Live at ...' and 'Version #n'.
 * The address is the server's `ChatData.deployment.liveUrl`: the verified custom domain if there
 * is one, else {subdomain}.{host} (the page cannot know KILN_HOST, the scheme or the port).
 */
export function DeployedBadge() {
  const { data } = useEditor();
  const deployment = data.deployment;
  if (!deployment?.liveUrl || deployment.version === null) return null;
  const address = deployment.liveUrl.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return (
    <Tooltip
      content={
        <span className="grid gap-0.5">
          <span>Live at {address}</span>
          <span className="opacity-70">Version #{deployment.version}</span>
        </span>
      }
    >
      <a
        href={deployment.liveUrl}
        target="_blank"
        rel="noreferrer"
        className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-600/20 hover:bg-emerald-100 dark:bg-emerald-950 dark:text-emerald-300 dark:ring-emerald-400/20"
      >
        <Rocket aria-hidden="true" className="size-3" /> Deployed v{deployment.version}
      </a>
    </Tooltip>
  );
}
