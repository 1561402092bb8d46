import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  className?: string;
  /** Heading level for the title, to keep the page outline right. */
  headingLevel?: 'h1' | 'h2';
}

/** A centred icon, title, sentence and optional action, for empty lists and missing pages. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
  headingLevel = 'h2',
}: EmptyStateProps) {
  const Heading = headingLevel;
  return (
    <div className={cn('flex flex-col items-center px-6 py-14 text-center', className)}>
      <div className="mb-4 flex size-12 items-center justify-center rounded-2xl border bg-surface text-muted-foreground shadow-xs [&_svg]:size-5">
        {icon}
      </div>
      <Heading
        className={cn(
          'font-semibold tracking-tight',
          headingLevel === 'h1' ? 'text-xl sm:text-2xl' : 'text-base',
        )}
      >
        {title}
      </Heading>
      <p className="mt-1.5 max-w-sm text-sm text-balance text-muted-foreground">{description}</p>
      {action ? <div className="mt-6 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
