import { Link } from 'react-router';
import { Avatar } from '../components/ui/avatar.tsx';
import { cn } from '../lib/cn.ts';
import { RelativeDate } from './relative-date.tsx';

export interface Author {
  id: string;
  fullName: string | null;
  avatarUrl: string | null;
}

interface AuthorCardProps {
  author: Author;
  /** What the relative date tells: the component's creation (editor), the account's (profile). */
  createdAt: string;
  /** 'compact' links to the profile (editor page); 'header' is the profile page's own heading. */
  variant?: 'compact' | 'header';
  className?: string;
  /** Classes for the name and date (e.g. `max-lg:sr-only` where only the avatar fits). */
  textClassName?: string;
}

/** Spec §2 author card: avatar, full name or 'Anonymous user', relative creation date. */
export function AuthorCard({
  author,
  createdAt,
  variant = 'compact',
  className,
  textClassName,
}: AuthorCardProps) {
  const name = author.fullName?.trim() || 'Anonymous user';

  if (variant === 'header') {
    return (
      <div className={cn('flex items-center gap-4 sm:gap-5', className)}>
        <Avatar name={author.fullName} imageUrl={author.avatarUrl} className="size-16 text-2xl sm:size-20" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold tracking-tight sm:text-3xl">{name}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            <RelativeDate date={createdAt} prefix="Joined" />
          </p>
        </div>
      </div>
    );
  }

  return (
    <Link
      to={`/users/${encodeURIComponent(author.id)}`}
      title={name}
      className={cn('group flex min-w-0 items-center gap-2 rounded-lg', className)}
    >
      <Avatar name={author.fullName} imageUrl={author.avatarUrl} className="size-7 text-xs" />
      <span className={cn('grid min-w-0 leading-tight', textClassName)}>
        <span className="truncate text-[13px] font-medium group-hover:underline">{name}</span>
        <span className="truncate text-xs text-muted-foreground">
          <RelativeDate date={createdAt} prefix="Created" />
        </span>
      </span>
    </Link>
  );
}
