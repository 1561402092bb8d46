import { Link } from 'react-router';
import { FrameworkBadge } from '../components/framework-badge.tsx';
import { FRAMEWORK_LABELS } from '../lib/frameworks.ts';
import type { PublicComponentSummary } from './profile-types.ts';
import { RelativeDate } from './relative-date.tsx';

/** One public component in a profile's grid; the whole card links to its editor page. */
export function ComponentCard({ component }: { component: PublicComponentSummary }) {
  const title = component.title?.trim();
  return (
    <Link
      to={`/components/${encodeURIComponent(component.slug)}`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-xs transition-[border-color,box-shadow,translate] hover:-translate-y-0.5 hover:border-foreground/20 hover:shadow-md"
    >
      <div
        aria-hidden="true"
        className="relative flex aspect-[16/9] items-center justify-center border-b bg-surface [background-image:radial-gradient(var(--border)_1px,transparent_1px)] [background-size:14px_14px]"
      >
        <span className="rounded-xl border bg-background px-3 py-1.5 font-mono text-xs text-muted-foreground shadow-xs transition-colors group-hover:text-foreground">
          {`</${FRAMEWORK_LABELS[component.framework]}>`}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className={title ? 'truncate font-medium' : 'truncate font-medium text-muted-foreground italic'}>
          {title || 'Untitled'}
        </h3>
        <div className="mt-auto flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <FrameworkBadge framework={component.framework} />
          <RelativeDate date={component.createdAt} />
        </div>
      </div>
    </Link>
  );
}
