import { useMemo } from 'react';
import { Coins } from 'lucide-react';
import { addUsage, EMPTY_TOTAL } from '../../../core/costs/index.ts';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { useEditor } from '../state/editor-context.ts';
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
    <Tooltip content={<span className="whitespace-pre-line">{details}</span>}>
      <span
        tabIndex={0}
        data-testid="chat-usage"
        aria-label={details.replaceAll('\n', ', ')}
        className="inline-flex shrink-0 items-center gap-1 rounded text-xs tabular-nums text-muted-foreground max-md:hidden"
      >
        <Coins aria-hidden="true" className="size-3" />
        {usageLine(total, costUsd)}
      </span>
    </Tooltip>
  );
}
