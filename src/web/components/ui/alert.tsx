import type { ComponentProps } from 'react';
import { CircleAlert } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** An inline error message for a form or a panel; announced when it appears. */
export function ErrorAlert({ className, children, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-2.5 rounded-lg border border-destructive/30 bg-destructive-soft px-3 py-2.5 text-sm text-destructive',
        className,
      )}
      {...props}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 leading-snug">{children}</div>
    </div>
  );
}
