import { Coins } from 'lucide-react';
import type { MessageView } from '../data/chat-types.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { usageDetails, usageLine } from './usage-text.ts';

/** What one version's answer cost, in small print (issue 17 item 3); nothing when unknown. */
export function VersionUsage({ usage }: { usage: MessageView['usage'] }) {
  if (!usage) return null;
  const details = usageDetails(usage, usage.costUsd, usage.modelId);
  return (
    <Tooltip content={<span className="whitespace-pre-line">{details}</span>}>
      <span
        tabIndex={0}
        data-testid="version-usage"
        aria-label={details.replaceAll('\n', ', ')}
        className="inline-flex items-center gap-1 rounded text-xs tabular-nums text-muted-foreground"
      >
        <Coins aria-hidden="true" className="size-3" />
        {usageLine(usage, usage.costUsd)}
      </span>
    </Tooltip>
  );
}
