import { Coins } from 'lucide-react';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { cn } from '../../lib/cn.ts';

/** Tokens (and dollars) in small print, the breakdown in a tooltip and the accessible name. */
export function UsageBadge({
  line,
  details,
  testId,
  className,
}: {
  line: string;
  details: string;
  testId: string;
  className?: string | undefined;
}) {
  return (
    <Tooltip content={<span className="whitespace-pre-line">{details}</span>}>
      <span
        tabIndex={0}
        data-testid={testId}
        aria-label={details.replaceAll('\n', ', ')}
        className={cn(
          'inline-flex items-center gap-1 rounded text-xs tabular-nums text-muted-foreground',
          className,
        )}
      >
        <Coins aria-hidden="true" className="size-3" />
        {line}
      </span>
    </Tooltip>
  );
}
