import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/**
 * The rows of /admin's lists (jobs, app servers, deployments, domains, activity): a title line
 * and labelled figures that sit in a line on a wide screen and wrap on a phone.
 */
export function AdminList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className="divide-y border-t">
      {children}
    </ul>
  );
}

export function AdminListItem({
  title,
  aside,
  children,
}: {
  title: ReactNode;
  /** Badges at the right of the title. */
  aside?: ReactNode;
  /** The figures: AdminFigure elements. */
  children?: ReactNode;
}) {
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-6">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <div className="min-w-0 font-medium [overflow-wrap:anywhere]">{title}</div>
        {aside}
      </div>
      {children ? (
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm sm:justify-end sm:text-right">{children}</dl>
      ) : null}
    </li>
  );
}

/** A labelled figure of a row: 'Owner ada@example.com'. */
export function AdminFigure({
  term,
  children,
  className,
}: {
  term: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** A section's sentence for a list with nothing in it. */
export function AdminEmpty({ children }: { children: ReactNode }) {
  return <p className="border-t pt-4 text-sm text-muted-foreground">{children}</p>;
}
