import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { cn } from '../lib/cn.ts';

/**
 * One card of /admin: its title and description, an optional action at the right on a wide
 * screen (under them on a phone), and its content.
 */
export function AdminCard({
  title,
  description,
  action,
  actionAlign = 'start',
  liveDescription,
  contentClassName,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  action?: ReactNode;
  /** Where the action lines up with the title block on a wide screen. */
  actionAlign?: 'start' | 'end';
  /** The description changes with the content (a count): announced politely. */
  liveDescription?: boolean;
  contentClassName?: string;
  children: ReactNode;
}) {
  const heading = (
    <>
      <CardTitle>{title}</CardTitle>
      <CardDescription aria-live={liveDescription ? 'polite' : undefined}>{description}</CardDescription>
    </>
  );
  return (
    <Card>
      {action ? (
        <CardHeader
          className={cn(
            'gap-4 p-4 sm:flex-row sm:p-6 sm:justify-between',
            actionAlign === 'end' ? 'sm:items-end' : 'sm:items-start',
          )}
        >
          <div className="grid gap-1.5">{heading}</div>
          {action}
        </CardHeader>
      ) : (
        <CardHeader className="p-4 sm:p-6">{heading}</CardHeader>
      )}
      <CardContent className={cn('px-4 pb-4 sm:px-6 sm:pb-6', contentClassName)}>{children}</CardContent>
    </Card>
  );
}

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
