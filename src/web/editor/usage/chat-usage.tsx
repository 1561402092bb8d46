import { useMemo } from 'react';
import { addUsage, EMPTY_TOTAL } from '../../../core/costs/index.ts';
import { useEditor } from '../state/editor-context.ts';
import { UsageBadge } from './usage-badge.tsx';
import { usageDetails, usageLine } from './usage-text.ts';

/** This chat's total tokens (and dollars when priced) for its owner, in the editor header. */
export function ChatUsage() {
  const { data } = useEditor();
  const total = useMemo(() => {
    const answers = data.messages.filter((message) => message.usage);
    if (answers.length === 0) return null;
    return answers.reduce((sum, message) => addUsage(sum, message.usage ?? {}), EMPTY_TOTAL);
  }, [data.messages]);
  if (!total) return null;
  const costUsd = total.isPriced ? total.costUsd : null;
  const details = `This chat\n${usageDetails(total, costUsd, null)}`;
  return (
    <UsageBadge
      line={usageLine(total, costUsd)}
      details={details}
      testId="chat-usage"
      className="shrink-0 max-md:hidden"
    />
  );
}
