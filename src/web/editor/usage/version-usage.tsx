import type { MessageView } from '../data/chat-types.ts';
import { UsageBadge } from './usage-badge.tsx';
import { usageDetails, usageLine } from './usage-text.ts';

/** What one version's answer cost, in small print (issue 17 item 3); nothing when unknown. */
export function VersionUsage({ usage }: { usage: MessageView['usage'] }) {
  if (!usage) return null;
  const details = usageDetails(usage, usage.costUsd, usage.modelId);
  return <UsageBadge line={usageLine(usage, usage.costUsd)} details={details} testId="version-usage" />;
}
