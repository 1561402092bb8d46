import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { Avatar } from '../components/ui/avatar.tsx';
import { FrameworkBadge } from '../components/framework-badge.tsx';
import { FRAMEWORK_LABELS } from '../lib/frameworks.ts';
import type { PublicComponentSummary } from './profile-types.ts';
import { RelativeDate } from './relative-date.tsx';

interface ComponentCardProps {
  component: PublicComponentSummary & { isPrivate?: boolean };
  /** Shown on the Explore grid, where cards come from many people. */
  author?: { fullName: string | null; avatarUrl: string | null } | null;
}

/** One component in a grid; the whole card links to its editor page. */
export function ComponentCard({ component, author }: ComponentCardProps) {
  const title = component.title?.trim();
  return (
    <Link
      to={`/components/${encodeURIComponent(component.slug)}`}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-xs transition-[border-color,box-shadow,translate] hover:-translate-y-0.5 hover:border-foreground/20 hover:shadow-md"
    >
      <div
        aria-hidden="true"
        className="relative flex aspect-[16/9] items-center justify-center overflow-hidden border-b bg-surface [background-image:radial-gradient(var(--border)_1px,transparent_1px)] [background-size:14px_14px]"
      >
        {component.screenshot ? (
          // The latest version as the server's browser saw it (1280×800), top of the page first.
          <img
            src={component.screenshot}
            alt=""
            loading="lazy"
            decoding="async"
            data-testid="card-screenshot"
            className="absolute inset-0 size-full object-cover object-top"
          />
        ) : (
          <span className="rounded-xl border bg-background px-3 py-1.5 font-mono text-xs text-muted-foreground shadow-xs transition-colors group-hover:text-foreground">
            {`</${FRAMEWORK_LABELS[component.framework]}>`}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="flex items-center gap-1.5">
          <span
            className={title ? 'truncate font-medium' : 'truncate font-medium text-muted-foreground italic'}
          >
            {title || 'Untitled'}
          </span>
          {component.isPrivate ? (
            <Lock aria-label="Private" className="size-3.5 shrink-0 text-muted-foreground" />
          ) : null}
        </h3>
        {author ? (
          <p className="-mt-1 flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
            <Avatar name={author.fullName} imageUrl={author.avatarUrl} className="size-4 text-[8px]" />
            <span className="truncate">{author.fullName ?? 'Anonymous user'}</span>
          </p>
        ) : null}
        <div className="mt-auto flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <FrameworkBadge framework={component.framework} />
          <RelativeDate date={component.createdAt} />
        </div>
      </div>
    </Link>
  );
}
